import { MESSAGES } from '@pushup/shared';
import type { IdentityProvider } from '../src/auth/identity';
import { AppError } from '../src/errors/app-error';

/**
 * Bench users sign in with a made-up token, their uid: the benchmark measures our server, not the
 * identity provider (Firebase verifies real tokens outside our system).
 */
const TOKEN_PREFIX = 'bench-';
const ZONES = ['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Tokyo'];

/** The uid of seeded user i, which is also their bearer token. */
export const uidOf = (i: number) => `${TOKEN_PREFIX}${i}`;

/** The time zone user i lives in (sent as X-Timezone). */
export const zoneOf = (i: number) => ZONES[i % ZONES.length] as string;

export const emailOf = (uid: string) => `${uid}@bench.invalid`;

/** The seeded user who operates the bench's instance (ADMIN_EMAILS of bench/server.ts): the admin pages' caller. */
export const BENCH_OPERATOR = 0;

/** Accepts a token when it is a bench uid; only the bench's own server process uses it. */
export const benchIdentity: IdentityProvider = {
  async verifyIdToken(token) {
    if (!token.startsWith(TOKEN_PREFIX)) throw new AppError('UNAUTHENTICATED', MESSAGES.serverInvalidToken);
    return { uid: token, email: emailOf(token), emailVerified: true, picture: null };
  },
  async deleteUser() {},
  async reachable() {},
  async setDisabled() {},
  async unconfirmedSignUps() {
    return new Set<string>();
  },
};

/** The bench server's route with no identity and no database: the ceiling of the pages (bench/run.ts). */
export const BARE_ROUTE = '/bench/bare';
