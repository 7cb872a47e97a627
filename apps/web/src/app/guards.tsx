import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoading } from '../components/loading-animation';
import { useAuth } from '../lib/auth';
import { useCatalogPart } from '../lib/i18n/use-catalog-part';

// The cheers of achievements and records, and the profile's language and theme, load with the
// signed-in pages, not with /login.
const PreferencesSync = lazy(() =>
  import('../lib/preferences/preferences-sync').then((m) => ({ default: m.PreferencesSync })),
);
const HabitCelebrations = lazy(() =>
  import('../features/habits/components/habit-celebrations').then((m) => ({ default: m.HabitCelebrations })),
);

interface FromState {
  from?: string;
}

/** Signed-in only: others go to /login, which sends them back here after sign-in. */
export function RequireAuth() {
  const { user, loading, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  // The signed-in pages' texts (lingui.config.ts, 'app') load while the session is restored.
  const textsReady = useCatalogPart('app');
  if (loading || (user && !textsReady)) return <FullPageLoading />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate to="/login" replace state={signedOutOnPurpose ? null : ({ from } satisfies FromState)} />
    );
  }
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <PreferencesSync />
        <HabitCelebrations />
      </Suspense>
    </>
  );
}

/** Signed-out only (the login page): a signed-in user goes where they wanted to go, or to /. */
export function GuestOnly() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  if (user) {
    const from = (location.state as FromState | null)?.from;
    const target = from?.startsWith('/') && !from.startsWith('/login') ? from : '/';
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** Public pages wait for the auth state too, so the navigation shows the right links. */
export function AuthReady() {
  const { loading } = useAuth();
  if (loading) return <FullPageLoading />;
  return <Outlet />;
}
