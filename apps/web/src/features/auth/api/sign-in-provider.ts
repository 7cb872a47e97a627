import {
  type Auth,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
} from 'firebase/auth';

/**
 * The Firebase Auth calls of the sign-in page. Loaded (sign-in.ts) when the user starts to sign in,
 * not with /login; the Google popup and its resolver come with them, never with the other pages.
 */

export async function emailSignIn(auth: Auth, email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

/** A mail that fails to go out does not fail the sign-up (it can be resent). */
export async function emailSignUp(auth: Auth, email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await sendEmailVerification(user).catch(() => undefined);
}

export async function googlePopupSignIn(auth: Auth): Promise<void> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  await signInWithPopup(auth, provider, browserPopupRedirectResolver);
}

/** The Auth Emulator accepts an unsigned ID token (JSON) as a Google credential. */
export async function googleTokenSignIn(auth: Auth, idToken: string): Promise<void> {
  await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
}

/**
 * Firebase's password-reset mail. An address without an account is not an error to the caller: the
 * page says the same either way, so that it never tells whether an address has an account.
 */
export async function passwordReset(auth: Auth, email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(auth, email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return;
    throw error;
  }
}
