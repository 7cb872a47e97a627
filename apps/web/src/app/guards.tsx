import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoading } from '@/components/loading-animation';
import { useAuth } from '@/lib/auth';
import { useCatalogPart } from '@/lib/i18n/use-catalog-part';
import { pendingLink, sharedLinkPath } from '@/lib/pending-link';
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
  // Back from verifying their address in another tab, a newcomer who came through a shared link
  // (lib/pending-link.ts) opens the app's start page: the link's page finishes what they came for.
  const waiting = location.pathname === '/' ? pendingLink() : null;
  if (waiting) return <Navigate to={sharedLinkPath(waiting)} replace />;
  return <SignedInArea />;
}

/**
 * The pages a shared link opens (an invite, a group's share page): signed in, the page itself;
 * signed out, `signedOut` at the same address (the sign-up form with what the link leads to), so
 * that signing up or in shows the page without a detour through /login.
 */
export function SharedLinkGuard({ signedOut }: { signedOut: ReactNode }) {
  const { user, loading } = useAuth();
  if (!loading && !user) return signedOut;
  return <RequireAuth />;
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
