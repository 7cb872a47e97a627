#!/usr/bin/env node
// `node scripts/run-parallel.mjs 'command' ...`: runs the shell commands side by side, as many at once
// as the machine has cores, and fails when any of them fails. A checker (the type check of one
// project, biome, knip) runs on one thread: side by side on the 2-core machine the type checks and
// the lint took 80 s against 96 s one after another (docs/testing.md, "CI and its budget"). Each
// command's output is kept and printed whole once it ends, so that outputs never interleave.
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs 'command' ...");
  process.exit(2);
}

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`> ${command}: ${status} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const queue = [...commands];
let failed = 0;
const lanes = Array.from({ length: Math.min(os.availableParallelism(), commands.length) }, async () => {
  for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
    if (!(await run(command))) failed += 1;
  }
});
await Promise.all(lanes);
if (failed > 0) {
  console.error(`${failed} of ${commands.length} commands failed`);
  process.exit(1);
}
