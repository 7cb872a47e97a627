import { Trans } from '@lingui/react/macro';
import { startTransition, useEffect, useState } from 'react';
import { FullPageLoading } from '@/components/loading-animation';
import { firebaseConfig } from '@/lib/firebase';
import { firebaseFailedText, initializingText } from '@/lib/i18n/core-texts';
import { useLanguage } from '@/lib/i18n/language';
import { AppProviders } from './providers';
import { AppRouter } from './router';

type StartState = { status: 'initializing' } | { status: 'ready' } | { status: 'failed'; message: string };

/**
 * Checks window.FIREBASE_CONFIG, then mounts providers and routes. The Firebase SDK itself loads
 * later, when a session is to be restored or the user signs in (lib/firebase.ts).
 */
export function App() {
  const { locale } = useLanguage();
  const [state, setState] = useState<StartState>({ status: 'initializing' });

  useEffect(() => {
    try {
      firebaseConfig();
      // Rendering every provider and the first page is the start's biggest piece of work: as a
      // transition React renders it in slices, so a tap can be handled in between.
      startTransition(() => setState({ status: 'ready' }));
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  if (state.status === 'initializing') {
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <FullPageLoading label={initializingText()} />
      </main>
    );
  }
  if (state.status === 'failed') {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6">
        <div className="max-w-lg rounded-2xl border border-red-200 bg-white p-6 shadow-card">
          <h1 className="text-xl font-bold text-slate-900">
            <Trans>Pushup Tracker could not start</Trans>
          </h1>
          <p role="alert" className="mt-3 font-medium text-red-800">
            {firebaseFailedText()}
            {state.message}
          </p>
        </div>
      </main>
    );
  }
  return (
    <AppProviders>
      {/* A new language renders the pages anew; the session and cached data stay. */}
      <AppRouter key={locale} />
    </AppProviders>
  );
}
