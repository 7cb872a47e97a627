/**
 * The user's data out and in (docs/product.md, "Export", "Import"; decision 022), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: what the JSON and CSV exports hold and that they stream, the
 * import's preview and commit (every rule of logging, the daily limit, duplicates, all or nothing,
 * the same file twice), and a round trip through a deleted account.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import {
  addDays,
  dayInZone,
  ENTRIES_CSV_HEADER,
  type ExportDocument,
  exportDocumentSchema,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_REFUSALS_LISTED,
  type ImportResult,
  importTooLargeMessage,
  importTooManyRowsMessage,
  MESSAGES,
  type PushupEntry,
} from '@pushup/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountDataRepository } from '../src/repositories/account-data.repository';
import { PushupsRepository } from '../src/repositories/pushups.repository';
import { AccountDataService, EXPORT_PAGE_SIZE } from '../src/services/account-data/account-data.service';
import { expectError, groupsHarness, type Person, type Reply } from './groups-helpers';
import { bearer, createTestServer, engines, registeredAccount, type TestServer } from './helpers';

const BERLIN = 'Europe/Berlin';
const todayIn = (zone: string) => dayInZone(new Date(), zone);
const yesterday = () => addDays(todayIn('UTC'), -1);

/** A browser's push subscription (a device for reminders). */
function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(engines)('your data on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    server = await createTestServer(engine, { maxPushupsPerDay: 500 });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const db = () => server.db.handle.db;

  async function log(who: Person, count: number, date?: string, zone = 'UTC'): Promise<PushupEntry> {
    const payload = date === undefined ? { count } : { count, date };
    return h.body<PushupEntry>(await h.call(who, 'POST', '/api/pushups', payload, zone), 201);
  }
  const preview = (who: Person, csv: string, zone = 'UTC') =>
    h.call(who, 'POST', '/api/pushups/import/preview', { csv }, zone);
  const commit = (who: Person, csv: string, zone = 'UTC', expectedEntries?: number) =>
    h.call(
      who,
      'POST',
      '/api/pushups/import',
      expectedEntries === undefined ? { csv } : { csv, expectedEntries },
      zone,
    );
  const csvOf = async (who: Person) => {
    const response = await h.call(who, 'GET', '/api/pushups/export');
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  /** The user's entries as `instant,day,count`, sorted, straight from the database. */
  async function entryLines(userUuid: string): Promise<string[]> {
    const rows = await db()
      .selectFrom('pushups')
      .select(['date', 'day', 'count'])
      .where('user_uuid', '=', userUuid)
      .execute();
    return rows.map((r) => `${r.date},${r.day},${r.count}`).sort();
  }

  /** The user's stored running total, day sums and rank band against a recount of their entries. */
  async function expectConsistent(userUuid: string) {
    const entries = await db()
      .selectFrom('pushups')
      .select(['day', 'count'])
      .where('user_uuid', '=', userUuid)
      .execute();
    const perDay = new Map<string, number>();
    for (const e of entries) perDay.set(e.day, (perDay.get(e.day) ?? 0) + e.count);
    const days = await db()
      .selectFrom('user_days')
      .select(['day', 'total'])
      .where('user_uuid', '=', userUuid)
      .execute();
    expect(Object.fromEntries(days.map((d) => [d.day, d.total]))).toEqual(
      Object.fromEntries([...perDay].filter(([, total]) => total > 0)),
    );
    const sum = entries.reduce((total, e) => total + e.count, 0);
    expect((await server.repos.pushups.totalOf(userUuid)) ?? 0).toBe(sum);
    // Every band counts the shown users of its totals (decision 012).
    const shown = await db()
      .selectFrom('user_totals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('hidden', '=', 0)
      .where('total', '>', 0)
      .executeTakeFirstOrThrow();
    const banded = await db()
      .selectFrom('rank_buckets')
      .select((eb) => eb.fn.sum<number | string>('users').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(banded.n)).toBe(Number(shown.n));
    return sum;
  }

  /** Every row of the tables an import writes (to show that something wrote nothing). */
  async function importTables() {
    const tables = ['pushups', 'user_days', 'user_totals', 'achievements', 'rank_buckets'] as const;
    const rows = await Promise.all(
      tables.map(async (table) =>
        (
          await db()
            .selectFrom(table as 'pushups')
            .selectAll()
            .execute()
        )
          .map((row) => JSON.stringify(row))
          .sort(),
      ),
    );
    return Object.fromEntries(tables.map((table, i) => [table, rows[i]]));
  }

  describe('export', () => {
    it('gives everything the app holds about the caller as one JSON attachment, and nothing of anyone else', async () => {
      const [me, other, third] = await h.people(3);
      // Entries in two zones, a goal, rest days, hidden from the leaderboard, German in the dark.
      const first = await log(me, 30, `${addDays(yesterday(), -1)}T10:00:00.000Z`);
      const second = await log(me, 25, `${yesterday()}T23:30:00.000Z`, BERLIN);
      h.body(await h.call(me, 'PATCH', '/api/users/profile-update', { personalGoal: 500 }), 200);
      h.body(
        await h.call(me, 'PATCH', '/api/users/settings', {
          restDaysPerWeek: 1,
          showOnLeaderboard: false,
          language: 'de',
          theme: 'dark',
        }),
        200,
      );
      // A group of mine (admin) with an invite link, membership elsewhere, a pending and a rejected request.
      const mine = await h.createGroup(me);
      const link = await h.createInvite(me, mine.id, { maxUses: 5 });
      const theirs = await h.groupWith(other, [me]);
      const pendingGroup = await h.createGroup(other);
      const pending = await h.requestJoin(me, pendingGroup.id);
      const rejectingGroup = await h.createGroup(third);
      const rejected = await h.requestJoin(me, rejectingGroup.id);
      await h.decide(third, rejected.requestId, false);
      // A reminder and a device.
      const reminder = await server.app.inject({
        method: 'PUT',
        url: '/api/reminders',
        headers: { ...bearer(me.account), 'x-timezone': BERLIN },
        payload: { enabled: true, time: '07:30', weekdays: [1, 3] },
      });
      expect(reminder.statusCode, reminder.body).toBe(200);
      const device = subscription();
      h.body(await h.call(me, 'POST', '/api/reminders/devices', device), 201);
      const othersEntry = await log(other, 12);

      const response = await h.call(me, 'GET', '/api/users/me/export', undefined, BERLIN);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="pushup-tracker-data-${me.username}-${todayIn(BERLIN)}.json"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const doc: ExportDocument = exportDocumentSchema.parse(JSON.parse(response.body));

      expect(doc).toMatchObject({
        format: 'pushup-tracker-export',
        version: 1,
        profile: {
          uuid: me.uuid,
          username: me.username,
          email: me.account.email.toLowerCase(),
          personalGoal: 500,
          language: 'de',
          theme: 'dark',
        },
        platformInvite: { email: me.account.email.toLowerCase() },
        settings: { restDaysPerWeek: 1, showOnLeaderboard: false, language: 'de', theme: 'dark' },
        totals: { total: 55, activeDays: 2 },
      });
      expect(doc.entries).toEqual([
        expect.objectContaining({ uuid: first.uuid, count: 30, date: first.date, day: first.day }),
        expect.objectContaining({ uuid: second.uuid, count: 25, date: second.date, day: second.day }),
      ]);
      // 23:30 UTC is after midnight in Berlin: the entry counts for the next day there.
      expect(second.day).toBe(addDays(yesterday(), 1));
      expect(doc.groups.map((g) => [g.groupId, g.role, g.createdByYou]).sort()).toEqual(
        [
          [mine.id, 'admin', true],
          [theirs.id, 'member', false],
        ].sort(),
      );
      expect(doc.joinRequests.map((r) => [r.requestId, r.status]).sort()).toEqual(
        [
          [pending.requestId, 'pending'],
          [rejected.requestId, 'rejected'],
        ].sort(),
      );
      expect(doc.inviteLinks).toEqual([
        expect.objectContaining({ inviteId: link.inviteId, groupId: mine.id, maxUses: 5, uses: 0 }),
      ]);
      expect(doc.achievements.map((a) => a.id)).toEqual(
        expect.arrayContaining(['first-entry', 'first-group']),
      );
      expect(doc.reminder).toMatchObject({
        enabled: true,
        time: '07:30',
        weekdays: [1, 3],
        timeZone: BERLIN,
      });
      expect(doc.reminderDevices).toEqual([
        expect.objectContaining({ pushService: 'https://push.example.com' }),
      ]);
      // Secrets and other people's data stay out: invite codes, push endpoints and keys, others' entries.
      for (const absent of [
        link.code,
        device.endpoint,
        device.keys.p256dh,
        device.keys.auth,
        othersEntry.uuid,
        other.account.email.toLowerCase(),
      ]) {
        expect(response.body).not.toContain(absent);
      }
    });

    it('gives the entries as CSV: instant,day,count, oldest first', async () => {
      const me = await h.person();
      const older = await log(me, 7, `${addDays(yesterday(), -3)}T08:15:00.000Z`);
      const newer = await log(me, 9, `${yesterday()}T20:00:00.000Z`, 'America/Los_Angeles');
      const response = await h.call(me, 'GET', '/api/pushups/export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="pushup-tracker-entries-[\w-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.body).toBe(
        `${ENTRIES_CSV_HEADER}\n${older.date},${older.day},7\n${newer.date},${newer.day},9\n`,
      );
      expect(newer.day).toBe(yesterday());
    });

    it('answers an empty list and a header alone for a user without entries, and 404 without a profile', async () => {
      const me = await h.person();
      const doc = exportDocumentSchema.parse(
        JSON.parse((await h.call(me, 'GET', '/api/users/me/export')).body),
      );
      expect(doc.entries).toEqual([]);
      expect(doc.reminder).toBeNull();
      expect(await csvOf(me)).toBe(`${ENTRIES_CSV_HEADER}\n`);
      const { account } = await registeredAccount(server);
      await server.repos.users.delete((await server.repos.users.findByFirebaseUid(account.uid))?.uuid ?? '');
      for (const url of ['/api/users/me/export', '/api/pushups/export']) {
        expectError(await h.call(account, 'GET', url), 404, 'USER_NOT_FOUND', MESSAGES.serverUserNotFound);
      }
    });

    it('streams 100,000 entries page by page as the client reads, never all at once', async () => {
      const me = await h.person();
      const total = 100_000;
      const rows = Array.from({ length: total }, (_, i) => {
        const day = addDays('2025-01-01', i % 400);
        return {
          uuid: randomUUID(),
          user_uuid: me.uuid,
          count: 1 + (i % 20),
          date: new Date(Date.parse(`${day}T06:00:00.000Z`) + i * 1000).toISOString(),
          day,
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
        };
      });
      const seeded = Date.now();
      await server.repos.transaction(async (repos) => {
        await repos.pushups.insertMany(rows);
        const perDay = new Map<string, number>();
        for (const r of rows) perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.count);
        for (const [day, sum] of perDay) await repos.pushups.addToDay(me.uuid, day, sum);
        await repos.pushups.addToTotal(
          me.uuid,
          [...perDay.values()].reduce((a, b) => a + b, 0),
          'now',
        );
      });
      const seedMs = Date.now() - seeded;

      const pages = vi.spyOn(AccountDataRepository.prototype, 'entriesPage');
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        // The JSON (about 20 MB) is far larger than what the sockets between server and client hold,
        // so a paused client must hold the server back; the CSV (about 4 MB) may fit in them.
        for (const [url, perEntry, heldBack] of [
          // Entries are compact JSON, the head is pretty-printed ("uuid": with a space).
          ['/api/users/me/export', (text: string) => (text.match(/"uuid":"/g) ?? []).length, true],
          ['/api/pushups/export', (text: string) => text.split('\n').length - 2, false],
        ] as const) {
          pages.mockClear();
          const started = Date.now();
          const response = await fetch(`${address}${url}`, { headers: bearer(me.account) });
          expect(response.status).toBe(200);
          // Chunked: the length is not known in advance, because the body is not built in advance.
          expect(response.headers.get('content-length')).toBeNull();
          expect(response.headers.get('transfer-encoding')).toBe('chunked');
          const reader = (response.body as ReadableStream<Uint8Array>).getReader();
          const decoder = new TextDecoder();
          const firstChunk = await reader.read();
          let text = decoder.decode(firstChunk.value, { stream: true });
          // The client stops reading for a while: the server must wait for it, a page or a few ahead.
          await new Promise((resolve) => setTimeout(resolve, 300));
          const pagesWhilePaused = pages.mock.calls.length;
          let chunks = 1;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks += 1;
            text += decoder.decode(value, { stream: true });
          }
          text += decoder.decode();
          const pagesInAll = pages.mock.calls.length;
          console.log(
            `[your data on ${engine}] ${url}: ${total.toLocaleString('en')} entries, ${(text.length / 1e6).toFixed(1)} MB in ${chunks} chunks, ${Date.now() - started} ms; ${pagesWhilePaused} of ${pagesInAll} pages read while the client paused (seeded in ${seedMs} ms)`,
          );
          expect(perEntry(text)).toBe(total);
          // Full pages, then the empty one that ends the reading.
          expect(pagesInAll).toBe(Math.floor(total / EXPORT_PAGE_SIZE) + 1);
          expect(pages.mock.calls.every(([, , limit]) => limit === EXPORT_PAGE_SIZE)).toBe(true);
          if (heldBack) expect(pagesWhilePaused).toBeLessThan(pagesInAll / 2);
          expect(chunks).toBeGreaterThan(10);
        }
      } finally {
        // Back to an app that does not listen (the rest of the suite injects).
        await server.close();
        server = await createTestServer(engine, { maxPushupsPerDay: 500 });
      }
    }, 120_000);
  });

  describe('import', () => {
    it('previews a file: rows read, each refused row with its reason, duplicates skipped, and writes nothing', async () => {
      const me = await h.person();
      const held = await log(me, 20, `${addDays(yesterday(), -2)}T09:00:00.000Z`);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const csv = [
        ENTRIES_CSV_HEADER,
        `${held.date},${held.day},20`, // 2: the entry held: a duplicate
        `${addDays(yesterday(), -2)}T10:00:00.000Z,${addDays(yesterday(), -2)},15`, // 3
        `${yesterday()}T22:30:00.000Z,${addDays(yesterday(), 1)},10`, // 4: logged in a zone ahead
        `${yesterday()}T10:00:00.000Z,${yesterday()},0`, // 5
        `${yesterday()}T10:00:00.000Z,${yesterday()},1001`, // 6
        `${yesterday()}T10:00:00Z,${yesterday()},ten`, // 7
        `yesterday,${yesterday()},5`, // 8
        `${future},${todayIn('UTC')},5`, // 9
        '2024-12-31T12:00:00.000Z,2024-12-31,5', // 10
        `${yesterday()}T10:00:00.000Z,${addDays(yesterday(), 2)},5`, // 11
        `${yesterday()}T10:00:00.000Z,5`, // 12
        '', // 13: blank, not a row
        `"${yesterday()}T11:00:00.000Z","${yesterday()}","3"`, // 14: quoted, as a spreadsheet writes
        `${yesterday()}T12:00:00.000Z,${yesterday()},498`, // 15: 3 + 498 would pass 500 on that day
      ].join('\r\n');
      const before = await importTables();
      const result = h.body<ImportResult>(await preview(me, csv), 200);
      expect(result).toEqual({
        rowsRead: 13,
        entries: 3,
        pushups: 15 + 10 + 3,
        days: 3,
        duplicates: 1,
        refusedCount: 9,
        refused: [
          { line: 5, text: expect.stringContaining(',0'), reason: MESSAGES.pushupCountRange },
          { line: 6, text: expect.any(String), reason: MESSAGES.pushupCountRange },
          { line: 7, text: expect.any(String), reason: MESSAGES.pushupCountRange },
          { line: 8, text: expect.any(String), reason: MESSAGES.importInstantInvalid },
          { line: 9, text: expect.any(String), reason: MESSAGES.futureDate },
          { line: 10, text: expect.any(String), reason: MESSAGES.dateBeforeEarliest },
          { line: 11, text: expect.any(String), reason: MESSAGES.importDayMismatch },
          { line: 12, text: `${yesterday()}T10:00:00.000Z,5`, reason: MESSAGES.importFieldsApp },
          {
            line: 15,
            text: expect.any(String),
            reason: `You can log at most 500 push-ups a day: 3 are already logged for ${yesterday()}`,
          },
        ],
        committed: false,
      });
      expect(await importTables()).toEqual(before);
    });

    it('commits what the preview showed in one go, keeps totals, days, bands and achievements, and adds nothing the second time', async () => {
      const me = await h.person();
      const d1 = addDays(yesterday(), -10);
      const d2 = addDays(yesterday(), -9);
      const csv = [
        ENTRIES_CSV_HEADER,
        `${d1}T08:00:00.000Z,${d1},40`,
        `${d1}T09:00:00.000Z,${d1},40`,
        `${d2}T12:00:00.000Z,${d2},25`,
        // The same instant and count twice: two entries (back-dated entries of one day share 12:00).
        `${d2}T12:00:00.000Z,${d2},25`,
      ].join('\n');
      const shown = h.body<ImportResult>(await preview(me, csv), 200);
      expect(shown).toMatchObject({ entries: 4, pushups: 130, days: 2, duplicates: 0, refusedCount: 0 });
      const done = h.body<ImportResult>(await commit(me, csv, 'UTC', shown.entries), 200);
      expect(done).toEqual({ ...shown, committed: true });
      expect(await entryLines(me.uuid)).toEqual(
        [
          `${d1}T08:00:00.000Z,${d1},40`,
          `${d1}T09:00:00.000Z,${d1},40`,
          `${d2}T12:00:00.000Z,${d2},25`,
          `${d2}T12:00:00.000Z,${d2},25`,
        ].sort(),
      );
      expect(await expectConsistent(me.uuid)).toBe(130);
      const earned = (await server.repos.habits.earnedOf(me.uuid)).map((a) => a.achievement_id);
      expect(earned).toEqual(expect.arrayContaining(['first-entry', 'total-100', 'day-50']));
      const leaderboard = h.body<{ username: string; total: number }[]>(
        await h.call(me, 'GET', '/api/pushups/leaderboard'),
        200,
      );
      expect(leaderboard).toContainEqual(expect.objectContaining({ username: me.username, total: 130 }));

      // The same file again: every row is a duplicate, nothing is written.
      const before = await importTables();
      const again = h.body<ImportResult>(await commit(me, csv), 200);
      expect(again).toMatchObject({
        entries: 0,
        pushups: 0,
        duplicates: 4,
        refusedCount: 0,
        committed: true,
      });
      expect(await importTables()).toEqual(before);
      // One more of the doubled row is new: only it is added.
      const more = h.body<ImportResult>(await commit(me, `${csv}\n${d2}T12:00:00.000Z,${d2},25`), 200);
      expect(more).toMatchObject({ entries: 1, duplicates: 4 });
      expect(await expectConsistent(me.uuid)).toBe(155);
    });

    it('reads a simple date,count file (header or not): a day is stamped 12:00 in the caller’s zone, today now', async () => {
      const me = await h.person();
      const day = addDays(todayIn(BERLIN), -5);
      const today = todayIn(BERLIN);
      const csv = `date,count\n${day},12\n${day},12\n${today},4\n2025-06-01T05:30:00+02:00,6\n`;
      const done = h.body<ImportResult>(await commit(me, csv, BERLIN), 200);
      expect(done).toMatchObject({ rowsRead: 4, entries: 4, pushups: 34, duplicates: 0, refusedCount: 0 });
      const rows = await db()
        .selectFrom('pushups')
        .select(['date', 'day', 'count'])
        .where('user_uuid', '=', me.uuid)
        .orderBy('date')
        .execute();
      const noon = rows.filter((r) => r.day === day);
      expect(noon).toHaveLength(2);
      for (const r of noon) {
        expect(dayInZone(new Date(r.date), BERLIN)).toBe(day);
        expect(
          new Intl.DateTimeFormat('en-GB', { timeZone: BERLIN, timeStyle: 'short' }).format(new Date(r.date)),
        ).toBe('12:00');
      }
      const todays = rows.find((r) => r.day === today);
      expect(Date.parse(todays?.date ?? '')).toBeLessThanOrEqual(Date.now());
      expect(rows).toContainEqual({ date: '2025-06-01T03:30:00.000Z', day: '2025-06-01', count: 6 });

      // Without its header, and again: a date alone matches an entry of that day and count.
      const headerless = `${day},12\n${day},12\n${today},4\n`;
      expect(h.body<ImportResult>(await commit(me, headerless, BERLIN), 200)).toMatchObject({
        rowsRead: 3,
        entries: 0,
        duplicates: 3,
      });
      // A fourth row of 12 on that day is one more than held: added.
      expect(h.body<ImportResult>(await commit(me, `${headerless}${day},12\n`, BERLIN), 200)).toMatchObject({
        entries: 1,
        duplicates: 3,
      });
      // Future days and bad values are refused with the messages of logging.
      const refused = h.body<ImportResult>(
        await preview(me, `date,count\n${addDays(today, 1)},5\n2024-12-31,5\n${day},5,1\n${day};5\n`, BERLIN),
        200,
      );
      expect(refused.refused.map((r) => r.reason)).toEqual([
        MESSAGES.futureDate,
        MESSAGES.dateBeforeEarliest,
        MESSAGES.importFieldsSimple,
        MESSAGES.importFieldsSimple,
      ]);
      expect(await expectConsistent(me.uuid)).toBe(46);
    });

    it('applies the daily limit with the entries already logged, per day, in file order', async () => {
      const me = await h.person();
      const day = addDays(yesterday(), -1);
      await log(me, 450, `${day}T07:00:00.000Z`);
      const csv = `date,count\n${day},30\n${day},30\n${day},20\n${yesterday()},500\n${yesterday()},1\n`;
      const result = h.body<ImportResult>(await commit(me, csv), 200);
      expect(result).toMatchObject({ entries: 3, pushups: 550, days: 2 });
      expect(result.refused).toEqual([
        {
          line: 3,
          text: `${day},30`,
          reason: `You can log at most 500 push-ups a day: 480 are already logged for ${day}`,
        },
        {
          line: 6,
          text: `${yesterday()},1`,
          reason: `You can log at most 500 push-ups a day: 500 are already logged for ${yesterday()}`,
        },
      ]);
      expect((await server.repos.pushups.dayTotal(me.uuid, day)) ?? 0).toBe(500);
      expect(await expectConsistent(me.uuid)).toBe(1000);
    });

    it('writes all or nothing: a failure in the middle of the commit, or entries changed since the preview, leave no trace', async () => {
      const me = await h.person();
      const csv = `date,count\n${addDays(yesterday(), -3)},10\n${addDays(yesterday(), -2)},10\n`;
      const before = await importTables();
      // The entries are in, the day sums too, then the running total fails.
      const failing = vi
        .spyOn(PushupsRepository.prototype, 'addToTotal')
        .mockRejectedValueOnce(new Error('disk full'));
      const response = await commit(me, csv);
      expect(response.statusCode).toBe(500);
      expect(failing).toHaveBeenCalledTimes(1);
      expect(await importTables()).toEqual(before);

      // The preview said 2; a log fills a day meanwhile, so the commit would add 1: refused, nothing written.
      await log(me, 495, `${addDays(yesterday(), -3)}T08:00:00.000Z`);
      const middle = await importTables();
      expectError(await commit(me, csv, 'UTC', 2), 409, 'CONFLICT', MESSAGES.importChanged);
      expect(await importTables()).toEqual(middle);
      expect(h.body<ImportResult>(await commit(me, csv, 'UTC', 1), 200)).toMatchObject({ entries: 1 });
      expect(await expectConsistent(me.uuid)).toBe(505);
    });

    it('imports the same file sent twice at once only once', async () => {
      const me = await h.person();
      const csv = `date,count\n${addDays(yesterday(), -4)},8\n${addDays(yesterday(), -3)},9\n`;
      // One process runs a user's imports one at a time: one at once is refused (import-limits.test.ts)...
      const results = await Promise.all([commit(me, csv), commit(me, csv), commit(me, csv)]);
      const done = results.filter((r) => r.statusCode === 200).map((r) => r.json<ImportResult>().entries);
      expect(done.sort()).toEqual([0, 0, 2].slice(3 - done.length));
      for (const refused of results.filter((r) => r.statusCode !== 200)) {
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
      // ...and two processes (each with its own count) commit at once behind the user's row lock.
      const processes = [1, 2].map(() => new AccountDataService(server.repos, { maxPushupsPerDay: 500 }));
      const again = `${csv}${addDays(yesterday(), -2)},10\n`;
      const both = await Promise.all(processes.map((p) => p.commit(h.authFor(me), { csv: again })));
      expect(both.map((b) => b.entries).sort()).toEqual([0, 1]);
      expect(await expectConsistent(me.uuid)).toBe(27);
    });

    it('refuses a row whose date does not exist (month 13, day 32) with its reason, not a server error', async () => {
      const me = await h.person();
      const csv = 'date,count\n2025-13-01,5\n2025-01-32,5\n2025-13-01T10:00:00Z,2025-13-01,5\n';
      const result = h.body<ImportResult>(await preview(me, csv), 200);
      expect(result.refused.map((r) => r.reason)).toEqual([
        MESSAGES.importDateInvalid,
        MESSAGES.importDateInvalid,
        MESSAGES.importFieldsSimple,
      ]);
      const app = `${ENTRIES_CSV_HEADER}\n2025-13-01T10:00:00Z,2025-13-01,5\n2025-06-01T10:00:00Z,2025-06-31,5\n`;
      expect(h.body<ImportResult>(await preview(me, app), 200).refused.map((r) => r.reason)).toEqual([
        MESSAGES.importInstantInvalid,
        MESSAGES.dayInvalid,
      ]);
    });

    it('refuses a whole file that is empty, too long or too large with a 4xx that says why', async () => {
      const me = await h.person();
      const before = await importTables();
      for (const csv of ['', '\n\n', 'date,count\n', ENTRIES_CSV_HEADER]) {
        expectError(await preview(me, csv), 400, 'VALIDATION_ERROR', MESSAGES.importFileEmpty);
      }
      const tooLong = `date,count\n${`2025-06-01,1\n`.repeat(IMPORT_MAX_ROWS + 1)}`;
      expectError(
        await commit(me, tooLong),
        400,
        'VALIDATION_ERROR',
        importTooManyRowsMessage(IMPORT_MAX_ROWS, IMPORT_MAX_ROWS + 1),
      );
      const tooLarge = `date,count\n2025-06-01,1\n${' '.repeat(IMPORT_MAX_BYTES)}`;
      expectError(
        await commit(me, tooLarge),
        400,
        'VALIDATION_ERROR',
        importTooLargeMessage(IMPORT_MAX_BYTES),
      );
      const huge: Reply = await server.app.inject({
        method: 'POST',
        url: '/api/pushups/import',
        headers: { ...bearer(me.account), 'content-type': 'application/json' },
        payload: JSON.stringify({ csv: 'x'.repeat(2 * IMPORT_MAX_BYTES + 2048) }),
      });
      expectError(huge, 413, 'BAD_REQUEST', 'Request body is too large');
      expectError(
        await h.call(me, 'POST', '/api/pushups/import', { csv: 42 }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.importNotCsv,
      );
      expect(await importTables()).toEqual(before);
    });

    it('lists the first refused rows and counts them all', async () => {
      const me = await h.person();
      const csv = `date,count\n${'2025-06-01,0\n'.repeat(IMPORT_REFUSALS_LISTED + 20)}`;
      const result = h.body<ImportResult>(await preview(me, csv), 200);
      expect(result.refusedCount).toBe(IMPORT_REFUSALS_LISTED + 20);
      expect(result.refused).toHaveLength(IMPORT_REFUSALS_LISTED);
      expect(result.refused[0]).toEqual({ line: 2, text: '2025-06-01,0', reason: MESSAGES.pushupCountRange });
    });
  });

  it('round trip: export, delete the account, a new account imports the file and has the same totals', async () => {
    const old = await h.person();
    const days = [-30, -29, -28, -20, -3, -1].map((n) => addDays(todayIn('UTC'), n));
    await log(old, 35, `${days[0]}T06:00:00.000Z`);
    await log(old, 15, `${days[0]}T12:00:00.000Z`, 'Pacific/Auckland');
    await log(old, 60, `${days[1]}T18:00:00.000Z`, 'America/New_York');
    await log(old, 20, `${days[2]}T12:00:00.000Z`);
    await log(old, 20, `${days[2]}T12:00:00.000Z`);
    await log(old, 75, `${days[3]}T23:59:00.000Z`, BERLIN);
    await log(old, 5, `${days[4]}T00:30:00.000Z`, 'America/Los_Angeles');
    await log(old, 40, `${days[5]}T10:00:00.000Z`);
    await log(old, 1);
    const read = async (who: Person) => ({
      daily: h.body(
        await h.call(who, 'GET', `/api/pushups/daily?from=2025-01-01&to=${addDays(todayIn('UTC'), 1)}`),
        200,
      ),
      records: h.body(await h.call(who, 'GET', '/api/pushups/records'), 200),
      streak: h.body(await h.call(who, 'GET', '/api/pushups/streak'), 200),
      total: (await server.repos.pushups.totalOf(who.uuid)) ?? 0,
      entries: await entryLines(who.uuid),
    });
    const before = await read(old);
    expect(before.total).toBe(271);
    const exported = await csvOf(old);
    const doc = exportDocumentSchema.parse(
      JSON.parse((await h.call(old, 'GET', '/api/users/me/export')).body),
    );
    expect(doc.totals.total).toBe(271);

    expect((await h.call(old, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    expect(await entryLines(old.uuid)).toEqual([]);

    const fresh = await h.person();
    const result = h.body<ImportResult>(await commit(fresh, exported), 200);
    expect(result).toMatchObject({ rowsRead: 9, entries: 9, pushups: 271, refusedCount: 0, duplicates: 0 });
    const after = await read(fresh);
    expect(after).toEqual(before);
    expect(await expectConsistent(fresh.uuid)).toBe(271);
    // And the file once more adds nothing.
    expect(h.body<ImportResult>(await commit(fresh, exported), 200)).toMatchObject({
      entries: 0,
      duplicates: 9,
    });
  });
});
