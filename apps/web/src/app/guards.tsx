import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoading } from '@/components/loading-animation';
import { useAuth } from '@/lib/auth';
import { useCatalogPart } from '@/lib/i18n/use-catalog-part';
import { lazyWithQueries } from '@/lib/with-queries';

// The signed-in pages' frame and TanStack Query (lib/with-queries.tsx) load with the first of them,
// while the session is restored: /login carries neither.
const loadSignedInArea = () =>
  Promise.all([import('./signed-in-area'), import('@/lib/query-provider')]).then(([m]) => m.SignedInArea);
const SignedInArea = lazyWithQueries(loadSignedInArea);

interface FromState {
  from?: string;
}

/** Signed-in only: others go to /login, which sends them back here after sign-in. */
export function RequireAuth() {
  const { user, loading, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  // The signed-in pages' texts (lingui.config.ts, 'app') load while the session is restored.
  const textsReady = useCatalogPart('app');
  // Beside the texts and the session, not after them.
  const signedIn = loading || user !== null;
  useEffect(() => {
    if (signedIn) void loadSignedInArea().catch(() => undefined);
  }, [signedIn]);
  if (loading || (user && !textsReady)) return <FullPageLoading />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate to="/login" replace state={signedOutOnPurpose ? null : ({ from } satisfies FromState)} />
    );
  }
  return <SignedInArea />;
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
