import type { Health, Readiness } from '@pushup/shared';
import type { Repositories } from '../../repositories';

/** How long an answer of the identity service counts for the readiness check (probes come every few s). */
const IDENTITY_CHECK_MS = 5000;

/** Checks a dependency; rejects with why it cannot be used. */
type Probe = () => Promise<void>;

/**
 * Whether the API can serve (docs/operations.md, "Health"): liveness is whether the database answers
 * (/api/health, as it always was); readiness adds the identity service, which every signed-in call
 * needs, and the shutdown, which a load balancer should hear of before the process stops listening.
 */
export class HealthService {
  private shuttingDown = false;
  private identityChecked: { at: number; error: unknown } | undefined;

  constructor(
    private readonly repos: Repositories,
    private readonly identityReachable: Probe,
    private readonly now: () => number = Date.now,
  ) {}

  async check(): Promise<{ health: Health; error?: unknown }> {
    const error = await failureOf(() => this.repos.health.ping());
    return error === undefined
      ? { health: { status: 'ok', database: 'ok' } }
      : { health: { status: 'error', database: 'error' }, error };
  }

  /** From now on, readiness answers 503: the process has begun to shut down (main.ts). */
  beginShutdown(): void {
    this.shuttingDown = true;
  }

  /** The readiness answer, with the errors of the parts that failed. */
  async ready(): Promise<{ readiness: Readiness; errors: unknown[] }> {
    const [database, identity] = await Promise.all([
      failureOf(() => this.repos.health.ping()),
      this.identityFailure(),
    ]);
    const readiness: Readiness = {
      status: database === undefined && identity === undefined && !this.shuttingDown ? 'ok' : 'error',
      database: database === undefined ? 'ok' : 'error',
      identity: identity === undefined ? 'ok' : 'error',
      shuttingDown: this.shuttingDown,
    };
    return { readiness, errors: [database, identity].filter((error) => error !== undefined) };
  }

  /** The identity service's last answer while it is recent, else a new one. */
  private async identityFailure(): Promise<unknown> {
    const checked = this.identityChecked;
    if (checked && this.now() - checked.at < IDENTITY_CHECK_MS) return checked.error;
    const at = this.now();
    const error = await failureOf(this.identityReachable);
    this.identityChecked = { at, error };
    return error;
  }
}

/** undefined when `probe` resolves; else what it rejected with (an Error, or a stand-in for none). */
async function failureOf(probe: Probe): Promise<unknown> {
  try {
    await probe();
    return undefined;
  } catch (error) {
    return error ?? new Error('failed');
  }
}
