import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

const MINUTE_MS = 60_000;

interface Limit {
  /** Requests allowed per minute. */
  max: number;
  /** What is counted, as the refusal names it ("Too many {what}"). */
  what: string;
}

/**
 * The abuse limits, per minute (docs/security.md lists them). Each counter lives in the
 * process's memory: with several API processes behind a balancer a client may get up to that many
 * times the allowance, which still bounds abuse (decision 014).
 */
export const RATE_LIMITS = {
  /** Every API request from one address, counted before its token is checked. */
  perAddress: { max: 1200, what: 'requests from your network' },
  /** One user's changes: entries, profile, groups, join requests, invites, members. */
  writes: { max: 120, what: 'changes' },
  /** One user's invite-code checks and accepts (guessing a code); a preview's, by its address. */
  inviteCodes: { max: 30, what: 'invite code checks' },
  /** Invite-code previews, checks and accepts from one address, whichever accounts make them. */
  inviteCodesPerAddress: { max: 60, what: 'invite code checks from your network' },
  /** One user's group searches. */
  searches: { max: 60, what: 'searches' },
  /** One user's test reminders: each one is a push to every device (docs/product.md, "Reminders"). */
  reminderTests: { max: 10, what: 'test reminders' },
  /** One user's downloads of their data: each streams every entry they ever logged. */
  exports: { max: 10, what: 'downloads of your data' },
  /** One user's share pictures (a public profile's, by address): each may be drawn afresh. */
  sharePictures: { max: 30, what: 'share pictures' },
} satisfies Record<string, Limit>;

const INVITE_CODE_ROUTES = new Set([
  '/api/groups/invites/:code/check',
  '/api/groups/invites/:code/accept',
  '/api/groups/invites/:code/preview',
]);
const EXPORT_ROUTES = new Set(['/api/users/me/export', '/api/pushups/export']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The per-user limit a route counts against, if any (other reads only count per address). */
export function userLimitOf(method: string, routeUrl: string | undefined): keyof typeof RATE_LIMITS | null {
  if (routeUrl && INVITE_CODE_ROUTES.has(routeUrl)) return 'inviteCodes';
  if (routeUrl === '/api/groups/search') return 'searches';
  if (routeUrl === '/api/reminders/test') return 'reminderTests';
  if (routeUrl && EXPORT_ROUTES.has(routeUrl)) return 'exports';
  if (routeUrl?.startsWith('/api/share-cards/')) return 'sharePictures';
  if (!READ_METHODS.has(method)) return 'writes';
  return null;
}

function tooMany(limit: Limit, retryAfterSeconds: number): AppError {
  const wait = retryAfterSeconds <= 1 ? 'a second' : `${retryAfterSeconds} seconds`;
  return new AppError(
    'RATE_LIMITED',
    `Too many ${limit.what}: at most ${limit.max} a minute. Please try again in ${wait}.`,
  );
}

function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
type Counters = ReadonlyMap<keyof typeof RATE_LIMITS, Counter>;

/**
 * The counters of each app, by its HTTP server (which every scope of one app shares): the public
 * scope (the invite preview) and the authenticated one count against the same counters, so a
 * preview and a check from one address spend one budget (docs/security.md, "Abuse limits").
 */
const countersOfApp = new WeakMap<object, Counters>();

async function countersFor(scope: FastifyInstance): Promise<Counters> {
  const existing = countersOfApp.get(scope.server);
  if (existing) return existing;
  await scope.register(fastifyRateLimit, { global: false, timeWindow: MINUTE_MS });
  const counters = new Map(
    (Object.keys(RATE_LIMITS) as (keyof typeof RATE_LIMITS)[]).map((name) => {
      const keyOf = name === 'perAddress' || name === 'inviteCodesPerAddress' ? addressOf : userKey;
      const counter = scope.createRateLimit({
        max: RATE_LIMITS[name].max,
        timeWindow: MINUTE_MS,
        keyGenerator: keyOf,
      });
      return [name, counter] as const;
    }),
  );
  countersOfApp.set(scope.server, counters);
  return counters;
}

/**
 * Adds the limits to every route of `api` (a scope under /api: the authenticated one, and the
 * public one of the invite preview). Every scope of one app counts against the same counters. Call
 * it before the auth hook is added: the per-address count runs first, so a flood of bad tokens is
 * refused cheaply.
 */
export async function registerRateLimits(api: FastifyInstance): Promise<void> {
  const counters = await countersFor(api);

  async function enforce(name: keyof typeof RATE_LIMITS, request: FastifyRequest, reply: FastifyReply) {
    const result = await counters.get(name)?.(request);
    if (!result || result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw tooMany(RATE_LIMITS[name], result.ttlInSeconds);
  }

  api.addHook('onRequest', async (request, reply) => {
    await enforce('perAddress', request, reply);
  });
  // preValidation: after the token check (the user is known), before the body is looked at, so
  // bad bodies count too. A preview has no user: its own count is its address's (userKey).
  api.addHook('preValidation', async (request, reply) => {
    const name = userLimitOf(request.method, request.routeOptions.url);
    if (!name) return;
    if (name === 'inviteCodes') await enforce('inviteCodesPerAddress', request, reply);
    await enforce(name, request, reply);
  });
}

function userKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.uid}` : `address:${addressOf(request)}`;
}
