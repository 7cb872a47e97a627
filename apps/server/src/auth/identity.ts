import { MESSAGES } from '@pushup/shared';
import { type App, getApps, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import { AppError } from '../errors/app-error';
import { emulatorAccounts } from './emulator-accounts';
import { firebaseCode, type IdentityProvider, type VerifiedToken } from './identity-provider';

export type { IdentityProvider };

export interface FirebaseIdentityOptions {
  projectId: string;
  /** host:port of the Auth Emulator (local mode); unset in production. */
  emulatorHost?: string;
  /** How long a token that passed the disabled/revoked check is trusted without asking again. */
  revocationCacheMs?: number;
}

/** The JSON of a token's header (0) or payload (1), or undefined when that part is not JSON. */
function tokenPart(token: string, index: 0 | 1): unknown {
  try {
    return JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether the token's header and payload decode to JSON objects, as every JWT's do. firebase-admin
 * reads `payload.aud` before any other check, so one whose payload is `null` made it throw a
 * TypeError (a 500 for anyone sending such a string); that string is simply not a token.
 */
function isJwtShaped(token: string): boolean {
  return (
    token.split('.').length === 3 &&
    ([0, 1] as const).every((index) => {
      const value = tokenPart(token, index);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    })
  );
}

/**
 * The Auth Emulator stamps a new account's sign-in time (a token's `auth_time`) when the sign-up
 * request starts and its tokens-valid-after time, in whole seconds, a moment later. When a second
 * boundary falls between the two, the sign-up's own token reads as revoked, and no refresh mends it
 * (a refreshed token keeps that `auth_time`). Locally only, a token whose sign-in is at most one
 * second before the valid-after time is that sign-up's token; any earlier one stays revoked
 * (decision 015).
 *
 * Called only after firebase-admin answered "revoked", which it does once the token's issuer,
 * audience and times have passed, so its payload can be read as is.
 */
async function emulatorSignUpToken(auth: Auth, token: string): Promise<DecodedIdToken | null> {
  // The payload carries `sub`; firebase-admin adds `uid` as a copy of it, as done below.
  const payload = tokenPart(token, 1) as DecodedIdToken;
  const user = await auth.getUser(payload.sub);
  if (user.disabled || !user.tokensValidAfterTime) return null;
  const validSince = Date.parse(user.tokensValidAfterTime) / 1000;
  return payload.auth_time >= validSince - 1 ? { ...payload, uid: payload.sub } : null;
}

/** The longest an address can be written: 64 characters, '@', a 255-character domain. */
const EMAIL_MAX_LENGTH = 320;
/** The longest profile photo address kept (photoUrlSchema's bound). */
const PICTURE_MAX_LENGTH = 2048;
/** Firebase's bound on a uid. */
const UID_MAX_LENGTH = 128;

/** A C0 control character or DEL: never in an address, and NUL is refused by PostgreSQL's text. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const invalidEmail = () => new AppError('UNAUTHENTICATED', 'Authentication token carries an invalid email');

/**
 * What the API takes from a verified token's claims, each checked once here, where the token's JSON
 * becomes typed: firebase-admin checks the issuer, audience, times and subject but not the other
 * claims, and the Auth Emulator's unsigned tokens (local mode) carry whatever their sender chose.
 * An email that is not a string, holds a control character or is longer than any address is a bad
 * token (401): it decides admission and is stored, and such a value made a 500 of a call (a
 * TypeError, or PostgreSQL refusing NUL in text) or a stored address nobody can own. A picture that
 * is not a clean string is not kept, as one that is not https is not.
 */
function claimsOf(decoded: DecodedIdToken): VerifiedToken {
  const { uid, email, picture } = decoded as { uid: unknown; email?: unknown; picture?: unknown };
  if (
    typeof uid !== 'string' ||
    uid.length === 0 ||
    uid.length > UID_MAX_LENGTH ||
    hasControlCharacter(uid)
  ) {
    throw new AppError('UNAUTHENTICATED', MESSAGES.serverInvalidToken);
  }
  if (email !== undefined && email !== null && email !== '') {
    if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH || hasControlCharacter(email)) {
      throw invalidEmail();
    }
  }
  return {
    uid,
    email: typeof email === 'string' && email !== '' ? email.toLowerCase() : null,
    emailVerified: decoded.email_verified === true,
    picture:
      typeof picture === 'string' && picture.length <= PICTURE_MAX_LENGTH && !hasControlCharacter(picture)
        ? picture
        : null,
  };
}

/**
 * What the readiness check asks (docs/operations.md, "Health"): the emulator itself, or the keys
 * Google signs Firebase ID tokens with, which firebase-admin fetches to verify a token.
 */
function identityServiceUrl(emulatorHost: string | undefined): string {
  return emulatorHost
    ? `http://${emulatorHost}/`
    : 'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';
}

/** How long the readiness check waits for the identity service. */
const REACHABLE_TIMEOUT_MS = 2000;

/** Resolves when `url` answers 2xx within REACHABLE_TIMEOUT_MS; rejects with what happened instead. */
async function answers(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REACHABLE_TIMEOUT_MS) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the identity service answered ${response.status}`);
}

/** The most accounts firebase-admin's getUsers looks up in one request. */
const LOOKUP_BATCH = 100;

/** firebase-admin: verifies emulator tokens (local) or RS256 Firebase tokens against Google's keys. */
export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  if (options.emulatorHost) {
    // firebase-admin reads this variable to accept the emulator's unsigned tokens.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  }
  const appName = `pushup-${options.projectId}`;
  const app: App =
    getApps().find((a) => a.name === appName) ?? initializeApp({ projectId: options.projectId }, appName);
  const auth = getAuth(app);
  const cacheMs = options.revocationCacheMs ?? 30_000;
  // Short TTL only, so several processes stay correct: a disabled user is locked out within cacheMs.
  const checked = new Map<string, number>();

  const provider: IdentityProvider = {
    async verifyIdToken(token) {
      if (!isJwtShaped(token)) throw new AppError('UNAUTHENTICATED', MESSAGES.serverInvalidToken);
      const now = Date.now();
      const trustedUntil = checked.get(token);
      const checkRevoked = !(trustedUntil && trustedUntil > now);
      try {
        const decoded = await auth.verifyIdToken(token, checkRevoked).catch(async (error: unknown) => {
          if (options.emulatorHost && firebaseCode(error) === 'auth/id-token-revoked') {
            const signUpToken = await emulatorSignUpToken(auth, token);
            if (signUpToken) return signUpToken;
          }
          throw error;
        });
        if (checkRevoked && cacheMs > 0) {
          if (checked.size > 10_000) checked.clear();
          checked.set(token, now + cacheMs);
        }
        return claimsOf(decoded);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = firebaseCode(error);
        if (code === 'auth/id-token-expired') {
          throw new AppError('UNAUTHENTICATED', 'Authentication token has expired');
        }
        if (code === 'auth/user-disabled') throw new AppError('UNAUTHENTICATED', 'User account is disabled');
        if (code === 'auth/id-token-revoked') {
          throw new AppError('UNAUTHENTICATED', 'Authentication token has been revoked');
        }
        if (code?.startsWith('auth/')) throw new AppError('UNAUTHENTICATED', MESSAGES.serverInvalidToken);
        throw error;
      }
    },
    reachable: () => answers(identityServiceUrl(options.emulatorHost)),
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (firebaseCode(error) !== 'auth/user-not-found') throw error;
      }
    },
    async setDisabled(uid, disabled) {
      try {
        await auth.updateUser(uid, { disabled });
      } catch (error) {
        if (firebaseCode(error) !== 'auth/user-not-found') throw error;
      }
    },
    async unconfirmedSignUps(emails) {
      const found = new Set<string>();
      for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
        const batch = emails.slice(i, i + LOOKUP_BATCH).map((email) => ({ email }));
        const { users } = await auth.getUsers(batch);
        for (const user of users) {
          if (user.email && !user.emailVerified) found.add(user.email.toLowerCase());
        }
      }
      return found;
    },
  };
  // Local mode: an unsigned token speaks for its account only as far as the emulator's record agrees.
  return options.emulatorHost ? emulatorAccounts(provider, auth, cacheMs) : provider;
}
