import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import type { InstanceSettings, OperatorDetails } from '@pushup/shared';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

type Mode = 'local' | 'production';

export interface Config {
  mode: Mode;
  port: number;
  host: string;
  dataDir: string;
  /** AUTH_EMULATOR_PORT; unset: a free port chosen at start, which only this server is told. */
  authEmulatorPort: number | undefined;
  /** Local mode: host:port of an Auth Emulator that already runs (FIREBASE_AUTH_EMULATOR_HOST), used instead of starting one. */
  externalAuthEmulator: string | undefined;
  inviteOnly: boolean;
  /**
   * The operator's details for the imprint (OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL,
   * OPERATOR_PHONE, OPERATOR_RESPONSIBLE_PERSON); each null (the address empty) when not set.
   */
  operator: OperatorDetails;
  /** Invites count only for a verified email (REQUIRE_VERIFIED_EMAIL; on in production mode). */
  requireVerifiedEmail: boolean;
  /** The most push-ups one user can log for one day (a plausibility limit against made-up totals). */
  maxPushupsPerDay: number;
  /** false turns the per-user and per-address request limits off (benchmarks only). */
  rateLimits: boolean;
  /** Other origins allowed to call the API from a browser (CORS); empty: the app's own origin only. */
  corsOrigins: string[];
  /**
   * Which X-Forwarded-For hops to believe (TRUST_PROXY), as Fastify's trustProxy takes them: false
   * (none: the socket's address is the client's), a hop count, or the proxies' addresses. Never
   * "all": the leftmost address is whatever the client wrote (docs/security.md).
   */
  trustProxy: false | number | string[];
  /** postgres://... selects PostgreSQL; otherwise SQLite at sqlitePath. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: how many connections each API process keeps (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  sqlitePath: string;
  firebaseProjectId: string;
  /** What the server writes into index.html as window.FIREBASE_CONFIG. */
  firebaseWebConfig: Record<string, unknown>;
  logLevel: string;
  /**
   * The VAPID keys and contact of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT; undefined:
   * none set (local mode then makes its own in DATA_DIR, production sends no reminders).
   */
  vapid: VapidSettings | undefined;
  /** How often this process looks for due reminders (REMINDER_INTERVAL_SECONDS); 0: never. */
  reminderIntervalMs: number;
  /**
   * METRICS_PORT: a second listener on 127.0.0.1 that serves /metrics to whoever runs the machine
   * (docs/operations.md, "Metrics"); undefined: none.
   */
  metricsPort: number | undefined;
  /** METRICS_TOKEN: /metrics on the main port for `Authorization: Bearer <token>`; undefined: 404 there. */
  metricsToken: string | undefined;
  /** Push endpoints may be plain http:// (local mode: a push service on loopback); production: https only. */
  allowHttpPushEndpoints: boolean;
  /**
   * ADMIN_EMAILS, lower-cased: an account that confirmed one of these addresses is an operator, as is
   * one granted with `npm run admin -- grant-admin` (docs/security.md, "Operators").
   */
  adminEmails: string[];
  /** AUDIT_RETENTION_DAYS: how long the audit trail keeps a line (docs/security.md, "Audit trail"). */
  auditRetentionDays: number;
}

/** What a push service needs to accept our pushes (decision 020). */
export interface VapidSettings {
  /** base64url, 65 bytes: an uncompressed P-256 point. */
  publicKey: string;
  /** base64url, 32 bytes. */
  privateKey: string;
  /** mailto: or https: contact for the push services. */
  subject: string;
}

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOCAL_PROJECT_ID = 'demo-pushup-tracker';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(fallback);

/**
 * A whole number setting from `min` to `max`, `fallback` when unset; anything else is refused with
 * `range`, which says the bounds.
 */
const wholeNumber = (min: number, max: number, fallback: number, range: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: range })
      .int({ error: range })
      .min(min, { error: range })
      .max(max, { error: range })
      .default(fallback),
  );

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');
const bool = (fallback: boolean) => flag.default(fallback);

const DAILY_LIMIT_RANGE = 'must be a whole number from 1 to 1000000';
const POOL_SIZE_RANGE = 'must be a whole number from 1 to 200';
/**
 * PostgreSQL connections per API process. Each log's COMMIT waits for the WAL flush; concurrent
 * commits share a flush, so enough connections let 50 users' logs share them (docs/performance.md).
 */
const DEFAULT_POOL_SIZE = 10;

const METRICS_TOKEN_FORMAT =
  'must be at least 32 characters without spaces (e.g. `openssl rand -hex 32`): it is the only thing between the internet and /metrics';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** The bytes of unpadded base64url text, or null when it is not that. */
function base64url(text: string): Buffer | null {
  return BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null;
}
const VAPID_PUBLIC_KEY_FORMAT =
  'must be a VAPID public key: 65 bytes (an uncompressed P-256 point, starting with 0x04) in URL-safe base64 without padding, as `npx web-push generate-vapid-keys` prints it';
const VAPID_PRIVATE_KEY_FORMAT =
  'must be a VAPID private key: 32 bytes in URL-safe base64 without padding, as `npx web-push generate-vapid-keys` prints it';
const AUDIT_RETENTION_RANGE = 'must be a whole number of days from 1 to 3650';
const REMINDER_INTERVAL_RANGE =
  'must be a whole number of seconds from 0 (no reminders sent by this process) to 3600';

/** Whether a VAPID subject is a mailto: address or an https: URL with a host. */
function isVapidSubject(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(decodeURIComponent(url.pathname));
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const TRUST_PROXY_FORMAT =
  'must be false, a number of proxies in front of the server (1 to 10), or a comma-separated list of their addresses (IP or CIDR); true is refused: it lets a client choose its own address';

/** TRUST_PROXY: off, a hop count, or the proxies' addresses (each an IP, or an IP/prefix). */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 10) return hops;
    } else {
      const addresses = text.split(',').map((part) => part.trim());
      const valid = (entry: string) => {
        const [address = '', prefix, ...rest] = entry.split('/');
        const family = isIP(address);
        if (family === 0 || rest.length > 0) return false;
        if (prefix === undefined) return true;
        const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
        return bits >= 0 && bits <= (family === 4 ? 32 : 128);
      };
      if (addresses.length > 0 && addresses.every(valid)) return addresses;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
    return z.NEVER;
  });

const OPERATOR_TEXT_LIMIT = 200;
const OPERATOR_ADDRESS_LINES = 6;
/** No control characters (a line break in a name would be a second line the page does not expect). */
const PRINTABLE = /^[^\p{Cc}]*$/u;

/** A short line of text the imprint shows as the operator wrote it. */
const operatorText = z
  .string()
  .trim()
  .max(OPERATOR_TEXT_LIMIT, { error: `must be at most ${OPERATOR_TEXT_LIMIT} characters` })
  .regex(PRINTABLE, { error: 'must be one line of text without control characters' })
  .transform((value) => value || undefined)
  .optional();

/**
 * OPERATOR_ADDRESS: the postal address, its lines separated by ';' (an environment variable has
 * one line), e.g. "Main Street 1; 12345 Springfield; Germany".
 */
const operatorAddress = z
  .string()
  .transform((value) =>
    value
      .split(/[;\n]/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .max(OPERATOR_TEXT_LIMIT, { error: `each line must be at most ${OPERATOR_TEXT_LIMIT} characters` })
          .regex(PRINTABLE, { error: 'must not contain control characters' }),
      )
      .max(OPERATOR_ADDRESS_LINES, {
        error: `must have at most ${OPERATOR_ADDRESS_LINES} lines, separated by ';'`,
      }),
  )
  .default([]);

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.string().optional()),
  PORT: z.preprocess(blankToUndefined, port(8080)),
  HOST: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  ALLOW_REMOTE_LOCAL: z.preprocess(blankToUndefined, bool(false)),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  AUTH_EMULATOR_PORT: z.preprocess(blankToUndefined, port(9099).optional()),
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(blankToUndefined, z.string().optional()),
  INVITE_ONLY: z.preprocess(blankToUndefined, bool(true)),
  OPERATOR_NAME: z.preprocess(blankToUndefined, operatorText),
  OPERATOR_ADDRESS: z.preprocess(blankToUndefined, operatorAddress),
  OPERATOR_EMAIL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .pipe(z.email({ error: 'must be an email address such as operator@example.com' }))
      .optional(),
  ),
  OPERATOR_PHONE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()/.-]{2,29}$/, {
        error: 'must be a phone number: digits, spaces and + ( ) / . - (at most 30 characters)',
      })
      .optional(),
  ),
  OPERATOR_RESPONSIBLE_PERSON: z.preprocess(blankToUndefined, operatorText),
  REQUIRE_VERIFIED_EMAIL: z.preprocess(blankToUndefined, flag.optional()),
  MAX_PUSHUPS_PER_DAY: wholeNumber(1, 1_000_000, 10_000, DAILY_LIMIT_RANGE),
  RATE_LIMITS: z.preprocess(blankToUndefined, bool(true)),
  TRUST_PROXY: z.preprocess(blankToUndefined, trustProxySchema),
  CORS_ORIGINS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(/^https?:\/\/[^/\s]+$/, {
            error: 'must be a comma-separated list of origins such as https://app.example.com (no path)',
          }),
        ),
      ),
  ),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  DATABASE_POOL_SIZE: wholeNumber(1, 200, DEFAULT_POOL_SIZE, POOL_SIZE_RANGE),
  FIREBASE_PROJECT_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: 'must be a Firebase project id (lower-case letters, digits, -)' })
      .optional(),
  ),
  FIREBASE_WEB_CONFIG: z.preprocess(blankToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  VAPID_PUBLIC_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((key) => base64url(key)?.length === 65 && base64url(key)?.[0] === 4, {
        error: VAPID_PUBLIC_KEY_FORMAT,
      })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((key) => base64url(key)?.length === 32, { error: VAPID_PRIVATE_KEY_FORMAT })
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(isVapidSubject, {
        error:
          'must be a mailto: address (mailto:ops@example.com) or an https: URL, for push services to contact you',
      })
      .optional(),
  ),
  METRICS_PORT: z.preprocess(blankToUndefined, port(9464).optional()),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(32, { error: METRICS_TOKEN_FORMAT })
      .regex(/^[\x21-\x7e]+$/, { error: METRICS_TOKEN_FORMAT })
      .optional(),
  ),
  REMINDER_INTERVAL_SECONDS: wholeNumber(0, 3600, 60, REMINDER_INTERVAL_RANGE),
  ADMIN_EMAILS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.email({ error: 'must be a comma-separated list of email addresses such as ops@example.com' }),
        ),
      ),
  ),
  AUDIT_RETENTION_DAYS: wholeNumber(1, 3650, 365, AUDIT_RETENTION_RANGE),
});

/** The VAPID settings when all three are set and the private key belongs to the public one. */
function vapidSettings(e: z.infer<typeof envSchema>, problems: string[]): VapidSettings | undefined {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  const given = [publicKey, privateKey, subject].filter((value) => value !== undefined).length;
  if (given === 0) return undefined;
  if (!publicKey || !privateKey || !subject) {
    const missing = [
      ...(publicKey ? [] : ['VAPID_PUBLIC_KEY']),
      ...(privateKey ? [] : ['VAPID_PRIVATE_KEY']),
      ...(subject ? [] : ['VAPID_SUBJECT']),
    ];
    for (const name of missing) {
      problems.push(`${name}: required with the other VAPID settings (set all three, or none)`);
    }
    return undefined;
  }
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    problems.push(`VAPID_PRIVATE_KEY: ${VAPID_PRIVATE_KEY_FORMAT}`);
    return undefined;
  }
  if (ecdh.getPublicKey('base64url') !== publicKey) {
    problems.push(
      'VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY (generate the two together)',
    );
    return undefined;
  }
  return { publicKey, privateKey, subject };
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function parseWebConfig(raw: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JSON object';
    const config = value as Record<string, unknown>;
    if (typeof config.apiKey !== 'string' || typeof config.authDomain !== 'string') {
      return 'must contain at least apiKey and authDomain';
    }
    return config;
  } catch {
    return 'must be valid JSON';
  }
}

/**
 * Reads and checks the whole environment at once (docs/product.md, "Modes"): every bad variable is named,
 * not just the first one.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const mode: Mode = e.NODE_ENV === 'production' ? 'production' : 'local';
  const host = e.HOST ?? '127.0.0.1';
  let webConfig: Record<string, unknown> = {};
  const projectId = e.FIREBASE_PROJECT_ID ?? LOCAL_PROJECT_ID;
  const authEmulatorPort = e.AUTH_EMULATOR_PORT;
  // Production refuses it below; in local mode it names a running emulator to use instead of our own.
  const externalAuthEmulator =
    mode === 'local' ? e.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined : undefined;

  if (mode === 'production') {
    if (!e.FIREBASE_PROJECT_ID) problems.push('FIREBASE_PROJECT_ID: required when NODE_ENV=production');
    if (!e.FIREBASE_WEB_CONFIG) problems.push('FIREBASE_WEB_CONFIG: required when NODE_ENV=production');
    if (e.FIREBASE_AUTH_EMULATOR_HOST) {
      problems.push('FIREBASE_AUTH_EMULATOR_HOST: emulator settings are refused when NODE_ENV=production');
    }
    if (e.AUTH_EMULATOR_PORT !== undefined) {
      problems.push('AUTH_EMULATOR_PORT: emulator settings are refused when NODE_ENV=production');
    }
  } else {
    if (!isLoopback(host) && !e.ALLOW_REMOTE_LOCAL) {
      // Emulator tokens are unsigned: local mode is only safe on loopback.
      problems.push(
        `HOST: local mode listens on loopback only (got ${host}); set ALLOW_REMOTE_LOCAL=true to override`,
      );
    }
    webConfig = {
      apiKey: 'demo-api-key',
      authDomain: '127.0.0.1',
      projectId,
      // The page's own origin: the server forwards the SDK's calls to the emulator (plugins/local-mode.ts).
      authEmulatorUrl: '/',
    };
  }
  if (e.FIREBASE_WEB_CONFIG) {
    const result = parseWebConfig(e.FIREBASE_WEB_CONFIG);
    if (typeof result === 'string') problems.push(`FIREBASE_WEB_CONFIG: ${result}`);
    else if (mode === 'production') webConfig = result;
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT: must differ from PORT');
  }
  const vapid = vapidSettings(e, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    mode,
    port: e.PORT,
    host,
    dataDir,
    authEmulatorPort,
    externalAuthEmulator,
    inviteOnly: e.INVITE_ONLY,
    operator: {
      name: e.OPERATOR_NAME ?? null,
      address: e.OPERATOR_ADDRESS,
      email: e.OPERATOR_EMAIL ?? null,
      phone: e.OPERATOR_PHONE ?? null,
      responsiblePerson: e.OPERATOR_RESPONSIBLE_PERSON ?? null,
    },
    // Unset: on in production. Local mode's emulator can verify too (its links are in its REST API).
    requireVerifiedEmail: e.REQUIRE_VERIFIED_EMAIL ?? mode === 'production',
    maxPushupsPerDay: e.MAX_PUSHUPS_PER_DAY,
    rateLimits: e.RATE_LIMITS,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sqlitePath: path.join(dataDir, 'pushups.db'),
    firebaseProjectId: projectId,
    firebaseWebConfig: webConfig,
    logLevel: e.LOG_LEVEL,
    vapid,
    reminderIntervalMs: e.REMINDER_INTERVAL_SECONDS * 1000,
    allowHttpPushEndpoints: mode === 'local',
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    adminEmails: e.ADMIN_EMAILS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}

/** What index.html tells the web app about this instance (window.INSTANCE_SETTINGS). */
export function instanceSettings(config: Pick<Config, 'inviteOnly' | 'operator'>): InstanceSettings {
  return { inviteOnly: config.inviteOnly, operator: config.operator };
}
