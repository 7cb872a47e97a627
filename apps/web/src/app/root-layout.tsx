import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoading } from '@/components/loading-animation';
import { hasGivenConsent } from '@/features/consent/api/consent-storage';
import { useAppUpdate } from '@/lib/app-update';
import { usePageSettled } from '@/lib/page-settled';
import { ScrollToTop } from './scroll-to-top';

// What the pages do not need to show load beside them, not before: the particles (only once the
// page has settled, lib/page-settled.ts), the consent banner (only until the visitor has chosen), the
// update prompt (only once a new version is ready), and the toasts' library (a toast shown meanwhile
// waits in its store and appears with the toaster).
const ParticlesBackground = lazy(() =>
  import('@/components/particles-background').then((m) => ({ default: m.ParticlesBackground })),
);
const CookieConsentBanner = lazy(() =>
  import('@/features/consent/components/cookie-consent-banner').then((m) => ({
    default: m.CookieConsentBanner,
  })),
);
const UpdatePrompt = lazy(() =>
  import('@/components/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);
const AppToaster = lazy(() => import('@/components/toaster').then((m) => ({ default: m.AppToaster })));

/** Composes the shared chrome with the consent feature; every route renders inside. */
export function RootLayout() {
  const [askConsent] = useState(() => !hasGivenConsent());
  const update = useAppUpdate();
  const settled = usePageSettled();
  return (
    <>
      <ScrollToTop />
      {settled && (
        <Suspense fallback={null}>
          <ParticlesBackground />
        </Suspense>
      )}
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
      {askConsent && (
        <Suspense fallback={null}>
          <CookieConsentBanner />
        </Suspense>
      )}
      {update && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
