/** What a checked ID token says about its caller. */
export interface VerifiedToken {
  uid: string;
  /** Lower-cased email of the account, or null when the account has none. */
  email: string | null;
  /** The identity provider has confirmed the email (Google accounts always; email/password after the link). */
  emailVerified: boolean;
  picture: string | null;
}

/** What the API needs from the identity provider; tests and the CLI can swap it. */
export interface IdentityProvider {
  verifyIdToken(token: string): Promise<VerifiedToken>;
  /** Deletes the identity account; an account that is already gone is not an error. */
  deleteUser(uid: string): Promise<void>;
  /** Resolves when the identity service answers (the readiness check); rejects with why not. */
  reachable(): Promise<void>;
  /**
   * Disables or enables the identity account's sign-in (an operator, docs/security.md, "Operators"):
   * a disabled account can get no new token, and a token checked longer ago than the revocation
   * cache is refused (401); until then the profile's disabled_at refuses it (403, plugins/auth.ts).
   * An account that is gone is not an error.
   */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Of these lower-cased addresses, those an identity account signed up with and has not confirmed. */
  unconfirmedSignUps(emails: readonly string[]): Promise<Set<string>>;
}

/** The `auth/...` code of a firebase-admin error, or undefined for any other error. */
export function firebaseCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
