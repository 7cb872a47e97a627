import type { AchievementId } from '@pushup/shared';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ShareAchievementButton } from '@/features/share-cards/components/share-slots';

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

/** 'Share' on an achievement just earned; one function for good, so the announcements do not run again. */
function shareAchievement(id: AchievementId, title: string) {
  return <ShareAchievementButton id={id} title={title} />;
}

/** The signed-in pages with what runs beside them (loaded with TanStack Query: guards.tsx). */
export function SignedInArea() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <PreferencesSync />
        <HabitCelebrations share={shareAchievement} />
        <GroupsNavCount />
        <OperatorMenuSync />
      </Suspense>
    </>
  );
}
