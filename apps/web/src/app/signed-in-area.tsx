import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';

// The cheers of achievements and records, the profile's language and theme, the navigation's
// count of waiting join requests and the user menu's 'Admin' (for an operator) load with the signed-in pages, not with /login.
const PreferencesSync = lazy(() =>
  import('@/lib/preferences/preferences-sync').then((m) => ({ default: m.PreferencesSync })),
);
const GroupsNavCount = lazy(() =>
  import('@/features/groups/components/groups-nav-count').then((m) => ({ default: m.GroupsNavCount })),
);
const OperatorMenuSync = lazy(() =>
  import('@/features/admin/components/operator-menu-sync').then((m) => ({ default: m.OperatorMenuSync })),
);
const HabitCelebrations = lazy(() =>
  import('@/features/habits/components/habit-celebrations').then((m) => ({ default: m.HabitCelebrations })),
);

/** The signed-in pages with what runs beside them (loaded with TanStack Query: guards.tsx). */
export function SignedInArea() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <PreferencesSync />
        <HabitCelebrations />
        <GroupsNavCount />
        <OperatorMenuSync />
      </Suspense>
    </>
  );
}
