import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server: the nearest folder above this code with the server's package.json. This file lives
 * in apps/server/src/config when run from source, and is part of apps/server/dist/main.mjs when
 * built (scripts/build.mjs).
 */
function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = serverRoot();
/** The repository root, two levels above apps/server (npm -w runs scripts inside apps/server). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
/** Where Vite writes the built web app. */
export const DEFAULT_WEB_ROOT = path.join(REPO_ROOT, 'apps', 'web', 'dist');
