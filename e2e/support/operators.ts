import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E } from './env';

/**
 * Makes the account that confirmed `email` an operator, as the instance's owner would: the real
 * `npm run admin -- grant-admin` while the server runs (docs/decisions/038-operators-and-audit-trail.md).
 * The grant is read at each call, so the running server sees it at once.
 */
export function grantOperator(email: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'grant-admin', email], {
    cwd: path.join(E2E.repoRoot, 'apps', 'server'),
    env: { ...process.env, ...E2E.serverEnv },
    stdio: 'pipe',
  });
}
