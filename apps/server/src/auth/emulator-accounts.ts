import { MESSAGES } from '@pushup/shared';
import type { Auth } from 'firebase-admin/auth';
import { AppError } from '../errors/app-error';
import { firebaseCode, type IdentityProvider, type VerifiedToken } from './identity-provider';

/** The Auth Emulator issues every ID token for one hour (its `expiresIn`), as Firebase does. */
const EMULATOR_TOKEN_SECONDS = 3600;
/** The emulator and the server read one machine's clock: this much leeway for whole-second rounding. */
const LEEWAY_SECONDS = 1;

const invalid = () => new AppError('UNAUTHENTICATED', MESSAGES.serverInvalidToken);

/** A token's times, as whole seconds: only numbers count (firebase-admin reads `auth_time` as it comes). */
function timesOf(token: string): { issuedAt: number; expires: number; signedIn: number } {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { iat, exp, auth_time } = (payload ?? {}) as Record<string, unknown>;
  if (![iat, exp, auth_time].every((value) => typeof value === 'number' && Number.isFinite(value))) {
    throw invalid();
  }
  return { issuedAt: iat as number, expires: exp as number, signedIn: auth_time as number };
}

/** Seconds since the epoch of a time firebase-admin gives as a date string, or null. */
function seconds(date: string | undefined | null): number | null {
  const ms = date ? Date.parse(date) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/**
 * Local mode only (docs/security.md, "Local mode: what a token can claim"). The Auth Emulator's ID
 * tokens are unsigned: firebase-admin checks their issuer, audience, subject and that they have not
 * expired, and whoever writes one chooses the rest. So a token that passed `inner` is taken only when
 * its times are ones the emulator gives (an hour's lifetime, issued by now, signed in no later than
 * it was issued nor than its account last signed in, which keeps a revoked account's forged tokens
 * revoked too), and what it says of the caller comes from the emulator's account for its uid, never
 * from its claims: the email, whether it is verified, the photo. With REQUIRE_VERIFIED_EMAIL, an
 * address counts as verified only when the emulator's account says so: after its mail link was
 * opened (a made-up Google sign-in through the app is never verified, plugins/local-mode.ts).
 *
 * A verified answer is kept for `cacheMs` per token, like the revocation check (decision 006).
 */
export function emulatorAccounts(inner: IdentityProvider, auth: Auth, cacheMs: number): IdentityProvider {
  const known = new Map<string, { until: number; verified: VerifiedToken }>();
  return {
    reachable: () => inner.reachable(),
    async verifyIdToken(token) {
      const verified = await inner.verifyIdToken(token);
      const now = Date.now();
      const cached = known.get(token);
      if (cached && cached.until > now) return cached.verified;

      const { issuedAt, expires, signedIn } = timesOf(token);
      const nowSeconds = Math.floor(now / 1000);
      if (
        expires - issuedAt > EMULATOR_TOKEN_SECONDS ||
        issuedAt > nowSeconds + LEEWAY_SECONDS ||
        signedIn > issuedAt
      ) {
        throw invalid();
      }
      let account: Awaited<ReturnType<Auth['getUser']>>;
      try {
        account = await auth.getUser(verified.uid);
      } catch (error) {
        if (firebaseCode(error)?.startsWith('auth/')) throw invalid();
        throw error;
      }
      if (account.disabled) throw new AppError('UNAUTHENTICATED', 'User account is disabled');
      // The emulator stamps a token's sign-in time from the account's last sign-in (or refresh).
      const lastSignIn =
        seconds(account.metadata.lastSignInTime) ?? seconds(account.metadata.lastRefreshTime);
      if (lastSignIn === null || signedIn > lastSignIn + LEEWAY_SECONDS) throw invalid();

      const fromAccount: VerifiedToken = {
        uid: verified.uid,
        email: account.email ? account.email.toLowerCase() : null,
        emailVerified: account.emailVerified === true,
        // The token's photo, as checked by `inner`, only when it is still the account's.
        picture: verified.picture !== null && verified.picture === account.photoURL ? verified.picture : null,
      };
      if (cacheMs > 0) {
        if (known.size > 10_000) known.clear();
        known.set(token, { until: Math.min(now + cacheMs, expires * 1000), verified: fromAccount });
      }
      return fromAccount;
    },
    deleteUser: (uid) => inner.deleteUser(uid),
    setDisabled: (uid, disabled) => inner.setDisabled(uid, disabled),
    unconfirmedSignUps: (emails) => inner.unconfirmedSignUps(emails),
  };
}
