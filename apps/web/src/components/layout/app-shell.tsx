import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoading } from '@/components/loading-animation';
import { useAuth } from '@/lib/auth';
import { lazyWithQueries } from '@/lib/with-queries';
import { Footer } from './footer';
import { TopNav } from './top-nav';

// Radix Dialog and the offline code load only once somebody is signed in.
const SignOutDialog = lazy(() =>
  import('@/components/sign-out-dialog').then((m) => ({ default: m.SignOutDialog })),
);
const OfflineStatus = lazyWithQueries(() => import('./offline-status').then((m) => m.OfflineStatus));

/** Navigation, main landmark and footer around every page. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const [signOutOpen, setSignOutOpen] = useState(false);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to main content</Trans>
      </a>
      <TopNav onSignOut={() => setSignOutOpen(true)} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-10"
      >
        {user && (
          <Suspense fallback={null}>
            <OfflineStatus />
          </Suspense>
        )}
        <Suspense fallback={<FullPageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      <Footer />
      {user && (
        <Suspense fallback={null}>
          <SignOutDialog open={signOutOpen} onOpenChange={setSignOutOpen} />
        </Suspense>
      )}
    </div>
  );
}
