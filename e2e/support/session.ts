import type { Page } from '@playwright/test';
import { emulatorPost } from './emulator';

/** The web config's API key in local mode (apps/server/src/config/env.ts). */
const API_KEY = 'demo-api-key';
/** Where the Firebase SDK keeps the signed-in user (apps/web/src/lib/firebase.ts, sessionStorageKey). */
const SESSION_KEY = `firebase:authUser:${API_KEY}:[DEFAULT]`;
/** The cookie banner answered with Essential Only (apps/web/src/features/consent/api/consent-storage.ts). */
const ESSENTIAL_ONLY = JSON.stringify({
  essentialCookies: true,
  analyticalCookies: false,
  marketingCookies: false,
  functionalCookies: false,
  hasConsented: true,
});

/**
 * Signs the page in as the emulator account `email` without the sign-in page: the Auth Emulator
 * signs the account in (as the SDK would), and the page's origin gets the session the SDK stores
 * after a sign-in, with the cookie banner answered. The SDK then restores it on the next page as
 * it does for anyone who comes back, checking it with the emulator first. Only the tests whose
 * subject is signing in go through the sign-in page (sign-in, onboarding, invite-flow, navigation).
 */
export async function signInWithStoredSession(page: Page, email: string, password: string): Promise<void> {
  const signedIn = await emulatorPost<{
    localId: string;
    email: string;
    idToken: string;
    refreshToken: string;
    expiresIn: string;
  }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const now = Date.now();
  const session = {
    uid: signedIn.localId,
    email: signedIn.email,
    emailVerified: true,
    isAnonymous: false,
    providerData: [
      {
        providerId: 'password',
        uid: signedIn.email,
        displayName: null,
        email: signedIn.email,
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: signedIn.refreshToken,
      accessToken: signedIn.idToken,
      expirationTime: now + Number(signedIn.expiresIn) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  };
  // Any page of the origin holds its local storage; the health check's is the lightest.
  await page.goto('/api/health');
  await page.evaluate(
    ([sessionKey, sessionValue, consent]) => {
      window.localStorage.setItem(sessionKey, sessionValue);
      window.localStorage.setItem('cookie-consent', consent);
    },
    [SESSION_KEY, JSON.stringify(session), ESSENTIAL_ONLY] as const,
  );
  await page.goto('/');
}
