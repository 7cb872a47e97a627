import { runAdminCommand } from '../src/cli/admin-command';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the admin command (`npm run admin -- <args>`) in this process, with only the given database
 * settings over the test's environment: what it prints and its exit code, as the process would give
 * them. admin-cli.test.ts starts the real process once, for the entry point itself.
 */
export async function runAdmin(databaseEnv: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  // A SQLite run must not pick up a DATABASE_URL from the developer's shell.
  delete env.DATABASE_URL;
  delete env.PGOPTIONS;
  Object.assign(env, databaseEnv);
  let stdout = '';
  let stderr = '';
  const code = await runAdminCommand(args, {
    env,
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
    write: (text) => {
      stdout += text;
    },
  });
  return { code, stdout, stderr };
}
