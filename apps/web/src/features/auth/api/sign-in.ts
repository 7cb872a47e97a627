import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  sendEmailVerification,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
} from 'firebase/auth';
import { getFirebaseAuth } from '../../../lib/firebase';
import { currentLocale } from '../../../lib/i18n/format';

/** Sign-in operations against the identity provider (Firebase Auth, or its emulator in local mode). */

/** Firebase Auth set to the app's language: the mails it sends and Google's window use it (issue 18). */
function authInAppLanguage() {
  const auth = getFirebaseAuth();
  auth.languageCode = currentLocale();
  return auth;
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getFirebaseAuth(), email.trim(), password);
}

/**
 * Creates the account and asks for the verification mail at once: in production an invite counts only
 * for a verified address. A mail that fails to go out does not fail the sign-up (it can be resent).
 */
export async function signUpWithEmail(email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(authInAppLanguage(), email.trim(), password);
  await sendEmailVerification(user).catch(() => undefined);
}

export async function signInWithGooglePopup(): Promise<void> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  await signInWithPopup(authInAppLanguage(), provider, browserPopupRedirectResolver);
}

/**
 * A stable Google account id for an email: 21 digits like Google's own `sub`, from two FNV-1a hashes
 * of the lower-cased email. The same email always signs in to the same emulator account.
 */
export function googleSubForEmail(email: string): string {
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
  await signInWithCredential(getFirebaseAuth(), GoogleAuthProvider.credential(idToken));
}
