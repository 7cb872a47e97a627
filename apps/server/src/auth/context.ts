/** Who is calling: built by the auth hook from the verified token, passed first to every service. */
export interface AuthContext {
  kind: 'user';
  /** Identity-provider uid (Firebase). Our own user id is the profile's uuid. */
  uid: string;
  /** Lower-cased email from the verified token. */
  email: string | null;
  /** Whether the identity provider confirmed that the caller owns `email`. */
  emailVerified: boolean;
  picture: string | null;
  /** Our profile's uuid, or null before the caller has a profile (looked up once per request). */
  userUuid: string | null;
  /** IANA zone from X-Timezone (else 'UTC'): days and weeks are computed in it. */
  timezone: string;
}

/** The operator running the admin command line. */
export interface OperatorContext {
  kind: 'operator';
  /** Who, as the audit trail names them: the command line and its OS user; unset: 'command line'. */
  actor?: string;
  /** From where, as the audit trail says it: 'cli' (later a client's address); unset: 'cli'. */
  source?: string;
}

const validZones = new Set<string>(['UTC']);

/** The X-Timezone value when it names a real IANA zone, else 'UTC'. */
export function parseTimezone(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return 'UTC';
  if (validZones.has(value)) return value;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return 'UTC';
  }
  if (validZones.size < 1000) validZones.add(value);
  return value;
}
