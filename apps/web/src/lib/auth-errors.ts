import { WEB_MESSAGES } from './web-messages';

/**
 * Plain sentences for the identity provider's error codes (docs/product.md, "Messages" lists the codes; their
 * wording is ours). One place for every screen that signs in, signs up or signs out.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead.',
  'auth/credential-already-in-use': 'This sign-in method is already linked to another account.',
  'auth/user-disabled': 'This account has been disabled. Please contact an administrator.',
  'auth/account-exists-with-different-credential':
    'An account with this email already exists with a different sign-in method. Sign in with that method.',
  'auth/network-request-failed': 'Network error. Check your connection and try again.',
  'auth/multi-factor-auth-required':
    'This account needs multi-factor authentication, which this app does not support.',
  'auth/unauthorized-domain':
    'Sign-in is not allowed from this address. Please contact the operator of this instance.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before sign-in finished.',
  'auth/cancelled-popup-request': 'Another sign-in window is already open.',
  'auth/user-mismatch': 'These credentials belong to a different account.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements.',
  'auth/missing-recaptcha-token': 'The security check could not be completed. Reload the page and try again.',
  'auth/internal-error': 'An internal error occurred during sign-in. Please try again.',
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/user-not-found': 'Incorrect email or password.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': 'Password should be at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
};

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return '';
}

/** Turns any sign-in error into one readable sentence; password-policy details are kept. */
export function authErrorMessage(error: unknown): string {
  const code = errorCode(error);
  const text = errorText(error);
  if (code === 'auth/password-does-not-meet-requirements') {
    // The SDK lists the unmet rules of the provider's password policy in square brackets.
    const details = /\[(.+)\]/.exec(text)?.[1];
    const base = AUTH_ERROR_MESSAGES[code] ?? '';
    return details ? `${base.replace(/\.$/, '')}: ${details}.` : base;
  }
  if (code === 'auth/weak-password') {
    // The provider's own wording, e.g. 'Password should be at least 6 characters'.
    const detail = /^Firebase: (.+?) \(auth\/weak-password\)/.exec(text)?.[1];
    if (detail && !/^Error$/.test(detail)) return detail.endsWith('.') ? detail : `${detail}.`;
  }
  if (code && AUTH_ERROR_MESSAGES[code]) return AUTH_ERROR_MESSAGES[code];
  return WEB_MESSAGES.signInFailed;
}

/** True for the errors after which the session cannot continue. */
export function isSessionEndingAuthError(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/user-disabled' || code === 'auth/user-token-expired';
}
