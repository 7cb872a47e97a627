#!/usr/bin/env node
// How long each runner took, its 20 slowest tests, from the JSON reports a run leaves in
// .tmp/test-reports (vitest.config.ts, e2e/playwright.config.ts), every test that failed with the
// first line of its error, and every browser test that passed only on its retry. .ci/run prints it
// after the tests; `node scripts/slowest-tests.mjs [dir]` after any run.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = path.resolve(process.argv[2] ?? '.tmp/test-reports');
const COUNT = 20;

function read(file) {
  const full = path.join(dir, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : null;
}

function print(title, rows) {
  console.log(`---- ${title}`);
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, COUNT)) {
    console.log(`${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.name}`);
  }
}

function firstLine(text) {
  // The reports keep the terminal's colour codes.
  return stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

function printFailed(title, failed) {
  console.log(`---- ${title} that failed: ${failed.length}`);
  for (const { name, error } of failed) console.log(`  ${name}\n      ${error}`);
}

function vitestRows(report, label) {
  const rows = [];
  const failed = [];
  for (const file of report.testResults) {
    const name = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults) {
      rows.push({ ms: test.duration ?? 0, name: `${name} > ${test.fullName}` });
      if (test.status === 'failed')
        failed.push({ name: `${name} > ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) });
    }
    // A file that fails before its tests run (an import, a hook) has no failed test of its own.
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failed.push({ name, error: firstLine(file.message) });
  }
  const end = Math.max(...report.testResults.map((file) => file.endTime ?? report.startTime));
  console.log(`== ${label}: ${Math.round((end - report.startTime) / 1000)} s, ${rows.length} tests`);
  print(`${label}: the ${COUNT} slowest of ${rows.length} tests`, rows);
  printFailed(`${label}: tests`, failed);
}

function playwrightRows(report) {
  const rows = [];
  const flaky = [];
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        const name = `${spec.file}:${spec.line} ${spec.title}`;
        rows.push({ ms, name });
        if (test.status === 'flaky') flaky.push(name);
        if (test.status === 'unexpected')
          failed.push({ name, error: firstLine(test.results.at(-1)?.error?.message) });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  console.log(`== browser tests: ${Math.round(report.stats.duration / 1000)} s, ${rows.length} tests`);
  print(`browser tests: the ${COUNT} slowest of ${rows.length}`, rows);
  printFailed('browser tests', failed);
  console.log(`---- browser tests that passed only on their retry: ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}

for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
  if (file.startsWith('vitest') && file.endsWith('.json'))
    vitestRows(read(file), file.replace(/\.json$/, ''));
}
const browser = read('playwright.json');
if (browser) playwrightRows(browser);
