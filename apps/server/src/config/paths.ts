import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: this file lives in apps/server/src/config. */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository root, two levels above apps/server (npm -w runs scripts inside apps/server). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
/** Where Vite writes the built web app. */
export const DEFAULT_WEB_ROOT = path.join(REPO_ROOT, 'apps', 'web', 'dist');
