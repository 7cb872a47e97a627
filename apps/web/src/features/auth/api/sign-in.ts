import type { Auth } from 'firebase/auth';
import { loadAuth } from '@/lib/firebase';
import { currentLocale } from '@/lib/i18n/format';

/**
 * Sign-in operations against the identity provider (Firebase Auth, or its emulator in local mode).
 * The SDK is not part of /login: it loads when the user turns to the form (prepareSignIn), or at the
 * latest when they submit it, so that a visitor who only looks downloads none of it.
 */

function provider() {
  return Promise.all([import('./sign-in-provider'), loadAuth()]);
}

/** Starts loading the sign-in code, so that it is there when the user submits. */
export function prepareSignIn(): void {
  void provider().catch(() => undefined);
}

/** Firebase Auth set to the app's language: the mails it sends and Google's window use it. */
function inAppLanguage(auth: Auth): Auth {
  auth.languageCode = currentLocale();
  return auth;
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const [calls, auth] = await provider();
  await calls.emailSignIn(auth, email.trim(), password);
}

/**
 * Creates the account and asks for the verification mail at once: in production an invite counts only
 * for a verified address. A mail that fails to go out does not fail the sign-up (it can be resent).
 */
export async function signUpWithEmail(email: string, password: string): Promise<void> {
  const [calls, auth] = await provider();
  await calls.emailSignUp(inAppLanguage(auth), email.trim(), password);
}

/** Sends Firebase's password-reset mail (in the app's language); see sign-in-provider.ts. */
export async function sendPasswordReset(email: string): Promise<void> {
  const [calls, auth] = await provider();
  await calls.passwordReset(inAppLanguage(auth), email.trim());
}

export async function signInWithGooglePopup(): Promise<void> {
  const [calls, auth] = await provider();
  await calls.googlePopupSignIn(inAppLanguage(auth));
}

/**
 * A stable Google account id for an email: 21 digits like Google's own `sub`, from two FNV-1a hashes
 * of the lower-cased email. The same email always signs in to the same emulator account.
 */
function googleSubForEmail(email: string): string {
  const text = email.trim().toLowerCase();
  const fnv = (seed: number) => {
    let hash = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash;
  };
  return `1${String(fnv(0x811c9dc5)).padStart(10, '0')}${String(fnv(0x050c5d1f)).padStart(10, '0')}`;
}

/**
 * Local mode only: the Google popup cannot load offline, so sign a made-up Google account in to the
 * Auth Emulator, which accepts unsigned ID tokens.
 */
export async function signInWithEmulatorGoogle(name: string, email: string): Promise<void> {
  const idToken = JSON.stringify({
    sub: googleSubForEmail(email),
    email: email.trim(),
    email_verified: true,
    name: name.trim(),
  });
  const [calls, auth] = await provider();
  await calls.googleTokenSignIn(auth, idToken);
}
