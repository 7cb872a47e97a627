#!/usr/bin/env node
// Line and branch coverage (V8) of each workspace's sources, from the json-summary report that
// `npm run test:coverage` writes (docs/testing.md, "Coverage"): `node scripts/coverage-summary.mjs [file]`.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(process.argv[2] ?? '.tmp/coverage/coverage-summary.json');
const summary = JSON.parse(fs.readFileSync(file, 'utf8'));
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

const totals = Object.fromEntries(ROOTS.map((root) => [root, { lines: [0, 0], branches: [0, 0], files: 0 }]));
for (const [name, figures] of Object.entries(summary)) {
  if (name === 'total') continue;
  const relative = path.relative(process.cwd(), name).split(path.sep).join('/');
  const root = ROOTS.find((candidate) => relative.startsWith(`${candidate}/`));
  if (!root) continue;
  const sum = totals[root];
  sum.files += 1;
  sum.lines[0] += figures.lines.covered;
  sum.lines[1] += figures.lines.total;
  sum.branches[0] += figures.branches.covered;
  sum.branches[1] += figures.branches.total;
}
const percent = ([covered, total]) =>
  `${((100 * covered) / Math.max(total, 1)).toFixed(2)}% (${covered}/${total})`;
for (const [root, sum] of Object.entries(totals)) {
  console.log(
    `${root.padEnd(20)} ${String(sum.files).padStart(4)} files  lines ${percent(sum.lines)}  branches ${percent(sum.branches)}`,
  );
}
