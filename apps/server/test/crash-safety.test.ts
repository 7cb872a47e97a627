/**
 * Crash safety of the real server process, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: 50
 * clients log, edit and delete entries while the server is killed with SIGKILL (its whole process
 * group, as a crash or the OOM killer would). After a restart on the same data every write that was
 * answered 2xx is there exactly as answered, nothing unanswered landed beyond what the killed
 * requests could have done, and every running total and rank band agrees with the entries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/db/client';
import { createUnmigratedTestDatabase, emulatorHost, engines, type TestDatabase } from './helpers';
import {
  type Answer,
  api,
  crash,
  DAY_MS,
  type Entry,
  expectConsistentDatabase,
  registerUser,
  sleep,
  startServer,
  stop,
  stopLeftoverServers,
  type User,
} from './server-process';

afterAll(stopLeftoverServers, 60_000);

const USERS = 10;
const CLIENTS = 50;
/** Acknowledged writes before the kill. */
const ACKED_BEFORE_KILL = 300;

/** An entry as its client last saw it answered, plus the one unanswered change the kill may have cut. */
interface Tracked extends Entry {
  deleted: boolean;
  pending?: { kind: 'update'; count: number } | { kind: 'delete' };
}

interface LoadFigures {
  tried: number;
  acked: number;
  ackedCreates: number;
  ackedUpdates: number;
  ackedDeletes: number;
  serverErrors: string[];
  unexpected: string[];
  cutByKill: number;
  errorsBeforeKill: string[];
}

describe.each(engines)('crash safety on %s', (engine: Engine) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('keeps every acknowledged write through a SIGKILL under 50 writing clients, totals equal to entries', async () => {
    db = await createUnmigratedTestDatabase(engine);
    const server = await startServer({ db });
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, i) => registerUser(server, emulatorHost(), i, 'crash')),
    );

    const figures: LoadFigures = {
      tried: 0,
      acked: 0,
      ackedCreates: 0,
      ackedUpdates: 0,
      ackedDeletes: 0,
      serverErrors: [],
      unexpected: [],
      cutByKill: 0,
      errorsBeforeKill: [],
    };
    const tracked: Tracked[][] = users.map(() => []);
    /** Per user: creates that got no answer (each may or may not have landed). */
    const unansweredCreates = users.map(() => 0);
    let killed = false;
    const now = Date.now();

    /** One client: its own entries, one request at a time, so each entry's last answer is its state. */
    async function client(c: number): Promise<void> {
      const user = users[c % USERS] as User;
      const mine: Tracked[] = [];
      while (!killed) {
        const live = mine.filter((e) => !e.deleted);
        const roll = Math.random();
        const target = live[Math.floor(Math.random() * live.length)];
        const op = target && roll < 0.15 ? 'update' : target && roll < 0.25 ? 'delete' : 'create';
        const count = 1 + Math.floor(Math.random() * (op === 'update' ? 30 : 20));
        figures.tried += 1;
        let answer: Answer;
        try {
          if (op === 'create') {
            // Instants over the last 20 days, so entries fall on many days in the user's zone.
            const date = new Date(now - Math.floor(Math.random() * 20 * DAY_MS)).toISOString();
            answer = await api(server, user, 'POST', '/api/pushups', { count, date });
          } else if (op === 'update') {
            answer = await api(server, user, 'PATCH', `/api/pushups/${target?.uuid}`, { count });
          } else {
            answer = await api(server, user, 'DELETE', `/api/pushups/${target?.uuid}`);
          }
        } catch (error) {
          // No answer: the kill cut this request. Whatever it asked for may or may not have happened.
          if (!killed) figures.errorsBeforeKill.push(`${op}: ${String((error as Error).cause ?? error)}`);
          figures.cutByKill += 1;
          if (op === 'create') unansweredCreates[user.index] = (unansweredCreates[user.index] as number) + 1;
          else if (target) target.pending = op === 'update' ? { kind: 'update', count } : { kind: 'delete' };
          return;
        }
        if (answer.status >= 500) {
          figures.serverErrors.push(`${op} ${answer.status}: ${answer.text}`);
          continue;
        }
        if (answer.status >= 300) {
          figures.unexpected.push(`${op} ${answer.status}: ${answer.text}`);
          continue;
        }
        figures.acked += 1;
        if (op === 'create') {
          const entry = answer.json<Entry>();
          expect(entry.count).toBe(count);
          const row: Tracked = { ...entry, deleted: false };
          mine.push(row);
          tracked[user.index]?.push(row);
          figures.ackedCreates += 1;
        } else if (op === 'update' && target) {
          expect(answer.json<Entry>().count).toBe(count);
          target.count = count;
          figures.ackedUpdates += 1;
        } else if (target) {
          target.deleted = true;
          figures.ackedDeletes += 1;
        }
      }
    }

    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    const loadStart = Date.now();
    while (figures.acked < ACKED_BEFORE_KILL && Date.now() - loadStart < 30_000) {
      if (figures.serverErrors.length > 0 || figures.unexpected.length > 0) break;
      await sleep(5);
    }
    const ackedAtKill = figures.acked;
    const loadMs = Date.now() - loadStart;
    killed = true;
    await crash(server);
    await Promise.all(clients);

    expect(figures.serverErrors, '5xx answers').toEqual([]);
    expect(figures.unexpected, 'other non-2xx answers').toEqual([]);
    expect(figures.errorsBeforeKill, 'connection errors before the kill').toEqual([]);
    expect(ackedAtKill).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

    // Restart on the same data; the tokens still verify against the shared emulator.
    const restarted = await startServer({ db });
    /** Entries created with a 2xx whose last acknowledged state (count and day, or deleted) is there. */
    let found = 0;
    const lost: string[] = [];
    const sums = new Map<string, number>();
    for (const user of users) {
      const listed = await api(restarted, user, 'GET', '/api/pushups');
      expect(listed.status, listed.text).toBe(200);
      const rows = listed.json<Entry[]>();
      const byUuid = new Map(rows.map((row) => [row.uuid, row]));
      for (const entry of tracked[user.index] as Tracked[]) {
        const row = byUuid.get(entry.uuid);
        byUuid.delete(entry.uuid);
        if (entry.deleted) {
          if (row) lost.push(`the acknowledged delete of ${entry.uuid} is undone`);
          else found += 1;
        } else if (!row) {
          if (entry.pending?.kind === 'delete')
            found += 1; // the delete cut by the kill landed
          else lost.push(`acknowledged entry ${entry.uuid} (${entry.count} on ${entry.day}) is missing`);
        } else {
          const counts =
            entry.pending?.kind === 'update' ? [entry.count, entry.pending.count] : [entry.count];
          if (counts.includes(row.count) && row.day === entry.day && row.date === entry.date) found += 1;
          else {
            lost.push(
              `entry ${entry.uuid}: acknowledged ${counts.join(' or ')} on ${entry.day}, found ${row.count} on ${row.day}`,
            );
          }
        }
      }
      // Left over: creates cut by the kill that committed anyway; never more than were cut.
      expect(byUuid.size, `unanswered entries of ${user.username}`).toBeLessThanOrEqual(
        unansweredCreates[user.index] as number,
      );

      // The day sums agree with the entries.
      const days = new Map<string, number>();
      for (const row of rows) days.set(row.day, (days.get(row.day) ?? 0) + row.count);
      const sortedDays = [...days.keys()].sort();
      if (sortedDays.length > 0) {
        const range = `from=${sortedDays[0]}&to=${sortedDays[sortedDays.length - 1]}`;
        const daily = await api(restarted, user, 'GET', `/api/pushups/daily?${range}`);
        expect(daily.status, daily.text).toBe(200);
        expect(daily.json<{ day: string; total: number }[]>()).toEqual(
          sortedDays.map((day) => ({ day, total: days.get(day) })),
        );
      }
      sums.set(
        user.username,
        rows.reduce((sum, row) => sum + row.count, 0),
      );
    }

    // Every total on the leaderboard is its user's sum of entries, and the ranks follow the totals.
    const board = await api(restarted, users[0] as User, 'GET', '/api/pushups/leaderboard');
    expect(board.status, board.text).toBe(200);
    const rows = board.json<{ rank: number; username: string; total: number }[]>();
    const expectedBoard = [...sums]
      .map(([username, total]) => ({ username, total }))
      .filter((row) => row.total > 0)
      .sort((a, b) => b.total - a.total || (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1));
    expect(rows.map(({ username, total }) => ({ username, total }))).toEqual(expectedBoard);
    for (const row of rows) expect(row.rank).toBe(1 + rows.filter((other) => other.total > row.total).length);
    await expectConsistentDatabase(db);
    await stop(restarted);

    console.log(
      `[crash safety, ${engine}] ${CLIENTS} clients, SIGKILL after ${loadMs} ms: requests tried ${figures.tried}, ` +
        `acknowledged ${figures.acked} (${figures.ackedCreates} creates, ${figures.ackedUpdates} updates, ` +
        `${figures.ackedDeletes} deletes; ${ackedAtKill} when the kill was sent), 5xx ${figures.serverErrors.length}, ` +
        `cut by the kill ${figures.cutByKill}; after the restart ${found} of ${figures.ackedCreates} acknowledged ` +
        `entries in their last acknowledged state, lost ${lost.length}`,
    );
    expect(lost).toEqual([]);
    expect(found).toBe(figures.ackedCreates);
  }, 120_000);
});
