import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES, authErrorMessage } from '@/lib/auth-errors';
import { activateLocale } from '@/lib/i18n/catalog';

const specCodes = [
  'email-already-in-use',
  'credential-already-in-use',
  'user-disabled',
  'account-exists-with-different-credential',
  'network-request-failed',
  'multi-factor-auth-required',
  'unauthorized-domain',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'user-mismatch',
  'user-token-expired',
  'password-does-not-meet-requirements',
  'missing-recaptcha-token',
  'internal-error',
  'invalid-credential',
  'wrong-password',
  'user-not-found',
  'invalid-email',
  'weak-password',
  'too-many-requests',
];

const firebaseError = (code: string, message = `Firebase: Error (auth/${code}).`) =>
  Object.assign(new Error(message), { code: `auth/${code}` });

describe('authErrorMessage', () => {
  // The sentences are in the active language, as on the sign-in page.
  beforeAll(() => activateLocale('en'));

  it.each(specCodes)('has a plain sentence for auth/%s', (code) => {
    const text = AUTH_ERROR_MESSAGES[`auth/${code}`];
    expect(text).toBeTruthy();
    expect(authErrorMessage(firebaseError(code))).toBe(text);
    expect(authErrorMessage(firebaseError(code))).not.toMatch(/auth\//);
  });

  it('names the same sentence for every wrong-credential code', () => {
    expect(authErrorMessage(firebaseError('invalid-credential'))).toBe('Incorrect email or password.');
    expect(authErrorMessage(firebaseError('wrong-password'))).toBe('Incorrect email or password.');
    expect(authErrorMessage(firebaseError('user-not-found'))).toBe('Incorrect email or password.');
  });

  it("keeps the provider's password-policy details", () => {
    const error = firebaseError(
      'password-does-not-meet-requirements',
      'Firebase: Missing password requirements: [Password must contain at least 8 characters, Password must contain a numeric character] (auth/password-does-not-meet-requirements).',
    );
    expect(authErrorMessage(error)).toBe(
      'The password does not meet the requirements: Password must contain at least 8 characters, Password must contain a numeric character.',
    );
  });

  it("uses the provider's weak-password wording", () => {
    const error = firebaseError(
      'weak-password',
      'Firebase: Password should be at least 6 characters (auth/weak-password).',
    );
    expect(authErrorMessage(error)).toBe('Password should be at least 6 characters.');
  });

  it('falls back to a generic sentence for unknown errors', () => {
    expect(authErrorMessage(firebaseError('something-new'))).toBe('Sign-in failed. Please try again.');
    expect(authErrorMessage('weird')).toBe('Sign-in failed. Please try again.');
  });
});
