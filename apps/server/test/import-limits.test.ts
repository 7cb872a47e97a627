/**
 * An import costs everyone else little (docs/security.md, "Imports"; docs/performance.md, "Imports
 * and everyone else"), on SQLite and, with TEST_DATABASE_URL, PostgreSQL: one import at a time per
 * user (a second one at once is a 429 with retry-after and changes nothing), a budget of rows and
 * bytes a minute per user, and a 50,000-row file read, judged and written without holding the event
 * loop for long.
 */
import {
  addDays,
  dayInZone,
  EARLIEST_DAY,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
} from '@pushup/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountDataRepository } from '../src/repositories/account-data.repository';
import { AccountDataService } from '../src/services/account-data/account-data.service';
import { IMPORT_BUDGET, ImportLimits, ImportRefused } from '../src/services/account-data/import-limits';
import { expectError, groupsHarness, type Person } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';

const MB = 1024 * 1024;
const BUSY = 'Another import of yours is still running: please wait until it has finished, then try again.';

/** 50,000 `date,count` rows over the days from 2025-01-01 to yesterday (about 745 KB, as the probe's). */
function largestFile(): string {
  const last = addDays(dayInZone(new Date(), 'UTC'), -1);
  const days: string[] = [];
  for (let day = EARLIEST_DAY; day <= last; day = addDays(day, 1)) days.push(day);
  let csv = 'date,count\n';
  for (let i = 0; i < IMPORT_MAX_ROWS; i++) csv += `${days[i % days.length]},${100 + ((i * 37) % 900)}\n`;
  return csv;
}

/** A promise and the function that resolves it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('the import limits, by the clock', () => {
  it('lets a user import again once the minute’s rows or bytes have left the window, and says when', async () => {
    let now = 1_000_000;
    const limits = new ImportLimits({ rowsPerMinute: 100, bytesPerMinute: 2 * MB }, () => now);
    const spend = (rows: number, bytes: number) =>
      limits.run('u1', async (charge) => {
        charge({ bytes });
        charge({ rows });
      });
    await spend(60, 10);
    now += 20_000;
    await spend(60, 10); // 120 rows: over, by at most this one file
    now += 5_000;
    const refusal = await spend(1, 1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImportRefused);
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      message: 'Too many rows imported: at most 100 a minute. Please try again in 35 seconds.',
      retryAfterSeconds: 35,
    });
    // Another user is not concerned.
    await limits.run('u2', async () => {});
    now += 35_000;
    await spend(1, 1);

    now += 120_000;
    await spend(0, 2 * MB);
    await expect(spend(0, 1)).rejects.toMatchObject({
      message: 'Too much data imported: at most 2 MB a minute. Please try again in 60 seconds.',
      retryAfterSeconds: 60,
    });
  });

  it('budgets four of the largest files a minute', () => {
    expect(IMPORT_BUDGET).toEqual({
      rowsPerMinute: 4 * IMPORT_MAX_ROWS,
      bytesPerMinute: 4 * IMPORT_MAX_BYTES,
    });
  });
});

describe.each(engines)('imports and everyone else on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  const csv = largestFile();

  beforeAll(async () => {
    server = await createTestServer(engine, { maxPushupsPerDay: 1_000_000 });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const preview = (who: Person, file = csv) =>
    h.call(who, 'POST', '/api/pushups/import/preview', { csv: file });
  const commit = (who: Person, file = csv) => h.call(who, 'POST', '/api/pushups/import', { csv: file });
  const entryCount = async (who: Person) =>
    Number(
      (
        await server.db.handle.db
          .selectFrom('pushups')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_uuid', '=', who.uuid)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('runs one import at a time per user: another at once is a 429 with retry-after, and loses nothing', async () => {
    const [me, other] = await h.people(2);
    const small = `date,count\n${addDays(dayInZone(new Date(), 'UTC'), -2)},10\n`;
    // My preview stops in its reads until the gate opens.
    const held = gate();
    const reached = gate();
    const dayTotals = AccountDataRepository.prototype.dayTotals;
    vi.spyOn(AccountDataRepository.prototype, 'dayTotals').mockImplementationOnce(async function (
      this: AccountDataRepository,
      ...args
    ) {
      reached.open();
      await held.opened;
      return dayTotals.apply(this, args);
    });
    const first = preview(me, small);
    await reached.opened;

    for (const second of [await preview(me, small), await commit(me, small)]) {
      expectError(second, 429, 'RATE_LIMITED', BUSY);
      expect(second.headers['retry-after']).toBe('2');
    }
    // Someone else imports meanwhile.
    expect(h.body<ImportResult>(await commit(other, small), 200)).toMatchObject({ entries: 1 });
    held.open();
    expect(h.body<ImportResult>(await first, 200)).toMatchObject({ entries: 1, committed: false });
    expect(await entryCount(me)).toBe(0);
    // Once it has finished, the refused import goes through.
    expect(h.body<ImportResult>(await commit(me, small), 200)).toMatchObject({ entries: 1, committed: true });
    expect(await entryCount(me)).toBe(1);
  });

  it('refuses a second commit of the same user while the first runs, and writes the file once', async () => {
    const me = await h.person();
    const service = new AccountDataService(server.repos, { maxPushupsPerDay: 10_000 });
    const file = `date,count\n${addDays(dayInZone(new Date(), 'UTC'), -3)},7\n${addDays(dayInZone(new Date(), 'UTC'), -2)},8\n`;
    const auth = h.authFor(me);
    const results = await Promise.allSettled([
      service.commit(auth, { csv: file }),
      service.commit(auth, { csv: file }),
      service.preview(auth, { csv: file }),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { entries: 2, committed: true } });
    for (const refused of results.slice(1)) {
      expect(refused).toMatchObject({ status: 'rejected', reason: { code: 'RATE_LIMITED', message: BUSY } });
    }
    expect(await entryCount(me)).toBe(2);
  });

  it('refuses a user’s fifth file of 50,000 rows within a minute with a 429 that says when, and no one else', async () => {
    const [me, other] = await h.people(2);
    for (let i = 0; i < 4; i++) {
      expect(h.body<ImportResult>(await preview(me), 200)).toMatchObject({ rowsRead: IMPORT_MAX_ROWS });
    }
    const refused = await preview(me);
    expect(refused.statusCode, refused.body).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: `Too many rows imported: at most 200,000 a minute. Please try again in ${wait} seconds.`,
    });
    // The commit may come a second after the preview: its wait is the same or one less.
    const refusedCommit = await commit(me);
    expect(refusedCommit.statusCode, refusedCommit.body).toBe(429);
    const commitWait = Number(refusedCommit.headers['retry-after']);
    expect(commitWait).toBeGreaterThanOrEqual(wait - 1);
    expect(commitWait).toBeLessThanOrEqual(wait);
    expect(refusedCommit.json()).toEqual({
      code: 'RATE_LIMITED',
      message: `Too many rows imported: at most 200,000 a minute. Please try again in ${commitWait} seconds.`,
    });
    expect(await entryCount(me)).toBe(0);
    expect(h.body<ImportResult>(await preview(other), 200)).toMatchObject({ rowsRead: IMPORT_MAX_ROWS });
  });
});
