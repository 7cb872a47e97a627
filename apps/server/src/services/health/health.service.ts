import type { Health } from '@pushup/shared';
import type { Repositories } from '../../repositories';

/** Whether the API can serve: today that is whether the database answers. */
export class HealthService {
  constructor(private readonly repos: Repositories) {}

  async check(): Promise<{ health: Health; error?: unknown }> {
    try {
      await this.repos.health.ping();
      return { health: { status: 'ok', database: 'ok' } };
    } catch (error) {
      return { health: { status: 'error', database: 'error' }, error };
    }
  }
}
