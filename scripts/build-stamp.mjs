#!/usr/bin/env node
// Whether the build in apps/web/dist and apps/server/dist is the build of the sources as they are:
// `write` records a hash of every file the build reads (after `npm run build`), `check` exits with 1
// when a file has changed since. `npm run test:e2e` builds again only then, so a fresh install
// (whose `prepare` builds) is built once, and a changed source is never tested in an old build.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(root, '.tmp', 'build-inputs');
/** What the two builds read: the web app's whole workspace, the server's sources and scripts, shared, the lock. */
const INPUTS = [
  'apps/web',
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'packages/shared/src',
];
const SKIPPED = new Set(['node_modules', 'dist', 'test']);

function files(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => files(path.join(relative, entry.name)));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of [...INPUTS.flatMap(files), 'package.json', 'package-lock.json'].sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const built = ['apps/web/dist/index.html', 'apps/server/dist/main.mjs'].every((file) =>
  fs.existsSync(path.join(root, file)),
);
const action = process.argv[2];
if (action === 'write') {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, `${inputsHash()}\n`);
} else if (action === 'check') {
  const recorded = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  const current = built && recorded === inputsHash();
  if (!current) console.log('The build is older than the sources: building again.');
  process.exit(current ? 0 : 1);
} else {
  console.error('usage: node scripts/build-stamp.mjs write|check');
  process.exit(2);
}
