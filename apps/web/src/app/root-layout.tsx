import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoading } from '../components/loading-animation';
import { ParticlesBackground } from '../components/particles-background';
import { AppToaster } from '../components/toaster';
import { UpdatePrompt } from '../components/update-prompt';
import { CookieConsentBanner } from '../features/consent/components/cookie-consent-banner';
import { ScrollToTop } from './scroll-to-top';

/** Composes the shared chrome with the consent feature; every route renders inside. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <ParticlesBackground />
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
      <CookieConsentBanner />
      <UpdatePrompt />
      <AppToaster />
    </>
  );
}
