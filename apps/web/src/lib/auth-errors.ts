import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

const INCORRECT_CREDENTIALS = msg`Incorrect email or password.`;

/**
 * Plain sentences for the identity provider's error codes (docs/product.md, "Messages" lists the codes; their
 * wording is ours). One place for every screen that signs in, signs up or signs out.
 */
const AUTH_ERROR_TEXTS: Readonly<Record<string, MessageDescriptor>> = {
  'auth/email-already-in-use': msg`An account with this email already exists. Sign in instead.`,
  'auth/credential-already-in-use': msg`This sign-in method is already linked to another account.`,
  'auth/user-disabled': msg`This account has been disabled. Please contact an administrator.`,
  'auth/account-exists-with-different-credential': msg`An account with this email already exists with a different sign-in method. Sign in with that method.`,
  'auth/network-request-failed': msg`Network error. Check your connection and try again.`,
  'auth/multi-factor-auth-required': msg`This account needs multi-factor authentication, which this app does not support.`,
  'auth/unauthorized-domain': msg`Sign-in is not allowed from this address. Please contact the operator of this instance.`,
  'auth/popup-blocked': msg`Your browser blocked the sign-in window. Allow pop-ups for this site and try again.`,
  'auth/popup-closed-by-user': msg`The sign-in window was closed before sign-in finished.`,
  'auth/cancelled-popup-request': msg`Another sign-in window is already open.`,
  'auth/user-mismatch': msg`These credentials belong to a different account.`,
  'auth/user-token-expired': msg`Your session has expired. Please sign in again.`,
  'auth/password-does-not-meet-requirements': msg`The password does not meet the requirements.`,
  'auth/missing-recaptcha-token': msg`The security check could not be completed. Reload the page and try again.`,
  'auth/internal-error': msg`An internal error occurred during sign-in. Please try again.`,
  'auth/invalid-credential': INCORRECT_CREDENTIALS,
  'auth/invalid-login-credentials': INCORRECT_CREDENTIALS,
  'auth/wrong-password': INCORRECT_CREDENTIALS,
  'auth/user-not-found': INCORRECT_CREDENTIALS,
  'auth/invalid-email': msg`Please enter a valid email address.`,
  'auth/missing-email': msg`Please enter your email address.`,
  'auth/missing-password': msg`Please enter your password.`,
  'auth/weak-password': msg`Password should be at least 6 characters.`,
  'auth/too-many-requests': msg`Too many attempts. Please wait a moment and try again.`,
};

/** The sentence for each code, in the active language when it is read. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(AUTH_ERROR_TEXTS).map(([code, descriptor]) => [
      code,
      { enumerable: true, get: () => i18n._(descriptor) },
    ]),
  ),
);

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

/**
 * One of the provider's password rules ('Password must contain a numeric character'), which it words
 * in English: in the active language when we know the rule, else as the provider wrote it.
 */
function passwordRule(rule: string): string {
  const text = rule.trim();
  if (i18n.locale === 'en') return text;
  const least = /^Password must contain at least (\d+) characters?$/i.exec(text);
  if (least) {
    const min = Number(least[1]);
    return t`Password must contain at least ${min} characters`;
  }
  const most = /^Password (?:must|may) contain at most (\d+) characters?$/i.exec(text);
  if (most) {
    const max = Number(most[1]);
    return t`Password may contain at most ${max} characters`;
  }
  if (/lower ?case character$/i.test(text)) return t`Password must contain a lower case character`;
  if (/upper ?case character$/i.test(text)) return t`Password must contain an upper case character`;
  if (/non-alphanumeric character$/i.test(text)) return t`Password must contain a non-alphanumeric character`;
  if (/numeric character$/i.test(text)) return t`Password must contain a numeric character`;
  return text;
}

/** Turns any sign-in error into one readable sentence; password-policy details are kept. */
export function authErrorMessage(error: unknown): string {
  const code = errorCode(error);
  const text = errorText(error);
  if (code === 'auth/password-does-not-meet-requirements') {
    // The SDK lists the unmet rules of the provider's password policy in square brackets.
    const details = /\[(.+)\]/.exec(text)?.[1];
    const base = AUTH_ERROR_MESSAGES[code] ?? '';
    if (!details) return base;
    const rules = details.split(',').map(passwordRule).join(', ');
    return `${base.replace(/\.$/, '')}: ${rules}.`;
  }
  if (code === 'auth/weak-password') {
    // The provider's own wording, e.g. 'Password should be at least 6 characters'.
    const detail = /^Firebase: (.+?) \(auth\/weak-password\)/.exec(text)?.[1];
    const least = detail ? /^Password should be at least (\d+) characters?\.?$/i.exec(detail) : null;
    if (least) {
      const min = Number(least[1]);
      return t`Password should be at least ${min} characters.`;
    }
    // Any other wording of the provider's is English: shown as it is in English, else our sentence.
    if (detail && !/^Error$/.test(detail) && i18n.locale === 'en') {
      return detail.endsWith('.') ? detail : `${detail}.`;
    }
  }
  if (code && AUTH_ERROR_TEXTS[code]) return AUTH_ERROR_MESSAGES[code] ?? '';
  return t`Sign-in failed. Please try again.`;
}
