import { lazy } from 'react';
import { BrowserRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { loadCatalogPart } from '@/lib/i18n/catalog';
import { AuthReady, GuestOnly, RequireAuth, SharedLinkGuard } from './guards';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';

// Every page is its own chunk: /login loads only the sign-in code.

/** A legal page's code with its texts (lingui.config.ts, 'legal'), loaded together. */
function legalPage<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, loadCatalogPart('legal')]).then(([module]) => module);
}

const LoginPage = lazy(() =>
  import('@/features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazy(() => import('./pages/profile-page').then((m) => ({ default: m.ProfilePage })));
const LogHistoryPage = lazy(() =>
  import('@/features/log-history/components/log-history-page').then((m) => ({ default: m.LogHistoryPage })),
);
const PlanPage = lazy(() =>
  import('@/features/plans/components/plan-page').then((m) => ({ default: m.PlanPage })),
);
const PlacementTestPage = lazy(() =>
  import('@/features/plans/components/placement-test-page').then((m) => ({ default: m.PlacementTestPage })),
);
const WorkoutPage = lazy(() => import('./pages/workout-route').then((m) => ({ default: m.WorkoutRoute })));
const GroupsPage = lazy(() =>
  import('@/features/groups/components/groups-page').then((m) => ({ default: m.GroupsPage })),
);
const InvitePage = lazy(() =>
  import('@/features/groups/components/invite-page').then((m) => ({ default: m.InvitePage })),
);
const SharedLinkGate = lazy(() =>
  import('./pages/shared-link-gate').then((m) => ({ default: m.SharedLinkGate })),
);
const GroupPage = lazy(() => import('./pages/group-page').then((m) => ({ default: m.GroupPage })));
const ChallengeRoute = lazy(() =>
  import('@/app/pages/challenge-route').then((m) => ({ default: m.ChallengeRoute })),
);
const GroupSharePage = lazy(() =>
  import('@/features/groups/components/group-share-page').then((m) => ({ default: m.GroupSharePage })),
);
const TermsPage = lazy(() =>
  legalPage(import('@/features/legal/components/terms-page')).then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = lazy(() =>
  legalPage(import('@/features/legal/components/privacy-page')).then((m) => ({ default: m.PrivacyPage })),
);
const CookiesPage = lazy(() =>
  legalPage(import('@/features/legal/components/cookies-page')).then((m) => ({ default: m.CookiesPage })),
);
const ImprintPage = lazy(() =>
  legalPage(import('@/features/legal/components/imprint-page')).then((m) => ({ default: m.ImprintPage })),
);
const AdminRoute = lazy(() => import('./pages/admin-route').then((m) => ({ default: m.AdminRoute })));
const PublicProfileRoute = lazy(() =>
  import('./pages/public-profile-route').then((m) => ({ default: m.PublicProfileRoute })),
);
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

// Declarative routing (BrowserRouter and useRoutes): the app loads no data in its routes, and
// react-router's data router would add about 16 KB gzip to every page.
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <AppShell />,
        children: [
          { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
          {
            element: <RequireAuth />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/log-history', element: <LogHistoryPage /> },
              { path: '/plan', element: <PlanPage /> },
              { path: '/plan/test', element: <PlacementTestPage /> },
              { path: '/plan/workout', element: <WorkoutPage /> },
              { path: '/groups', element: <GroupsPage /> },
              { path: '/groups/:id', element: <GroupPage /> },
              { path: '/groups/:id/challenges/:challengeId', element: <ChallengeRoute /> },
              { path: '/admin', element: <AdminRoute /> },
            ],
          },
          {
            // A shared link: signed out, the sign-up form at the same address names what it leads to.
            element: <SharedLinkGuard signedOut={<LoginPage />} />,
            children: [
              {
                element: <SharedLinkGate />,
                children: [
                  { path: '/groups/:id/join', element: <GroupSharePage /> },
                  { path: '/invite/:code', element: <InvitePage /> },
                ],
              },
            ],
          },
          {
            element: <AuthReady />,
            children: [
              { path: '/terms', element: <TermsPage /> },
              { path: '/privacy', element: <PrivacyPage /> },
              { path: '/cookies', element: <CookiesPage /> },
              { path: '/imprint', element: <ImprintPage /> },
              { path: '/u/:username', element: <PublicProfileRoute /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{page}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
