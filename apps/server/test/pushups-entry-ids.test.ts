/**
 * Entry ids from the device (decision 017): POST /api/pushups takes the entry's uuid, so an
 * entry sent again (a retry after a lost answer, an offline queue synced twice) is written once and
 * answered as the first time; the same uuid with another count or date, or another user's uuid, is a
 * 409 ENTRY_CONFLICT that writes nothing. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { type LeaderboardRow, MESSAGES, type PushupEntry } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person, type Reply } from './groups-helpers';
import { createTestServer, engines, type TestServer } from './helpers';

/** MAX_PUSHUPS_PER_DAY of this file's server, low enough to fill a day in a few calls. */
const LIMIT = 100;
const DAY = '2025-06-01T12:00:00.000Z';

describe.each(engines)('entry ids from the device on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    server = await createTestServer(engine, { maxPushupsPerDay: LIMIT });
  });
  afterAll(async () => {
    await server?.close();
  });

  const log = (who: Person, body: Record<string, unknown>, timezone = 'UTC') =>
    h.call(who, 'POST', '/api/pushups', body, timezone);

  /** Every stored row of the user's entries and running total, and the rank bands: all a log writes. */
  async function stateOf(person: Person) {
    const db = h.db();
    return {
      entries: await db
        .selectFrom('pushups')
        .selectAll()
        .where('user_uuid', '=', person.uuid)
        .orderBy('uuid')
        .execute(),
      total: await db.selectFrom('user_totals').selectAll().where('user_uuid', '=', person.uuid).execute(),
      bands: await db.selectFrom('rank_buckets').selectAll().orderBy('bucket').execute(),
    };
  }

  /** The rows with this uuid, whoever's. */
  const rowsWith = (uuid: string) =>
    h.db().selectFrom('pushups').selectAll().where('uuid', '=', uuid).execute();

  async function boardTotalOf(person: Person): Promise<number | undefined> {
    const rows = h.body<LeaderboardRow[]>(await h.call(person, 'GET', '/api/pushups/leaderboard'), 200);
    return rows.find((row) => row.isCurrentUser)?.total;
  }

  const sameAnswers = (answers: Reply[], status: number) => {
    expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(status));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size, [...bodies].join('\n')).toBe(1);
    return answers[0]?.json<PushupEntry>() as PushupEntry;
  };

  it('makes the device’s uuid the entry’s id; without one the server makes a fresh one, as before', async () => {
    const person = await h.person();
    const uuid = randomUUID();
    const entry = h.body<PushupEntry>(await log(person, { count: 12, date: DAY, uuid }), 201);
    expect(entry).toEqual({ uuid, count: 12, date: DAY, day: '2025-06-01' });
    expect(await rowsWith(uuid)).toEqual([expect.objectContaining({ user_uuid: person.uuid, count: 12 })]);

    const first = h.body<PushupEntry>(await log(person, { count: 12, date: DAY }), 201);
    const second = h.body<PushupEntry>(await log(person, { count: 12, date: DAY }), 201);
    expect(new Set([uuid, first.uuid, second.uuid]).size).toBe(3);
    expect((await stateOf(person)).entries).toHaveLength(3);
  });

  it('writes an entry sent 20 times at once once: 20 identical 201 answers, the total and the leaderboard count it once', async () => {
    const person = await h.person();
    const body = { count: 17, date: '2025-06-02T07:45:00+02:00', uuid: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => log(person, body)));
    const entry = sameAnswers(answers, 201);
    expect(entry).toEqual({
      uuid: body.uuid,
      count: 17,
      date: '2025-06-02T05:45:00.000Z',
      day: '2025-06-02',
    });

    expect(await rowsWith(body.uuid)).toHaveLength(1);
    const state = await stateOf(person);
    expect(state.entries).toHaveLength(1);
    expect(state.total).toEqual([expect.objectContaining({ total: 17 })]);
    expect(await boardTotalOf(person)).toBe(17);
  });

  it('answers a repeat after a lost answer with the first answer, changing nothing', async () => {
    const person = await h.person();
    const body = { count: 30, date: DAY, uuid: randomUUID() };
    const first = h.body<PushupEntry>(await log(person, body), 201);
    const before = await stateOf(person);

    // The first answer never reached the device, which sends the entry again, later and elsewhere.
    const again = await log(person, { ...body, date: '2025-06-01T14:00:00+02:00' }, 'Pacific/Auckland');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
    // A repeat without a date: the count alone decides.
    const undated = await log(person, { count: 30, uuid: body.uuid });
    expect(undated.statusCode).toBe(201);
    expect(undated.json()).toEqual(first);

    expect(await stateOf(person)).toEqual(before);
    expect(await boardTotalOf(person)).toBe(30);
  });

  it('refuses the uuid with another count or another date: 409 ENTRY_CONFLICT, nothing written', async () => {
    const person = await h.person();
    const uuid = randomUUID();
    const first = h.body<PushupEntry>(await log(person, { count: 20, date: DAY, uuid }), 201);
    const before = await stateOf(person);

    for (const body of [
      { count: 21, date: DAY, uuid },
      { count: 21, uuid },
      { count: 20, date: '2025-06-01T12:00:01Z', uuid },
      { count: 20, date: '2025-06-02T12:00:00Z', uuid },
    ]) {
      expectError(await log(person, body), 409, 'ENTRY_CONFLICT', MESSAGES.serverEntryConflict);
    }
    expect(await stateOf(person)).toEqual(before);
    expect(h.body<PushupEntry[]>(await h.call(person, 'GET', '/api/pushups'), 200)).toEqual([first]);
  });

  it('refuses another user’s uuid: 409 ENTRY_CONFLICT telling nothing of it, their entry and total unchanged', async () => {
    const [owner, other] = await h.people(2);
    const uuid = randomUUID();
    const body = { count: 40, date: DAY, uuid };
    const entry = h.body<PushupEntry>(await log(owner, body), 201);
    const ownerBefore = await stateOf(owner);
    const otherBefore = await stateOf(other);

    // The very same entry, another count, no date: the same answer, which names nothing of the entry.
    for (const sent of [body, { count: 41, uuid }, { count: 40, uuid: uuid.toUpperCase() }]) {
      const response = await log(other, sent);
      expectError(response, 409, 'ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse);
      expect(response.body).not.toContain('40');
      expect(response.body).not.toContain(owner.username);
    }
    expect(await stateOf(owner)).toEqual(ownerBefore);
    expect(await stateOf(other)).toEqual(otherBefore);
    expect(h.body<PushupEntry[]>(await h.call(owner, 'GET', '/api/pushups'), 200)).toEqual([entry]);
    expect(h.body<PushupEntry[]>(await h.call(other, 'GET', '/api/pushups'), 200)).toEqual([]);
    expect(await boardTotalOf(owner)).toBe(40);
  });

  it('gives a uuid sent by two users at once to one of them: the other gets 409 each time, never a 500', async () => {
    const [a, b] = await h.people(2);
    const uuid = randomUUID();
    const senders = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(senders.map((who) => log(who, { count: 9, date: DAY, uuid })));
    const rows = await rowsWith(uuid);
    expect(rows).toHaveLength(1);
    const winner = rows[0]?.user_uuid === a.uuid ? a : b;
    const won = answers.filter((_, i) => senders[i] === winner);
    const lost = answers.filter((_, i) => senders[i] !== winner);
    expect(sameAnswers(won, 201)).toEqual({ uuid, count: 9, date: DAY, day: '2025-06-01' });
    for (const response of lost) expectError(response, 409, 'ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse);
    const loser = winner === a ? b : a;
    expect((await stateOf(loser)).entries).toEqual([]);
    expect((await stateOf(loser)).total).toEqual([]);
    expect((await stateOf(winner)).total).toEqual([expect.objectContaining({ total: 9 })]);
  });

  it('keeps the daily limit for new entries; a repeat of the entry that filled the day answers 201', async () => {
    const person = await h.person();
    h.body(await log(person, { count: 60, date: DAY, uuid: randomUUID() }), 201);
    const last = { count: LIMIT - 60, date: DAY, uuid: randomUUID() };
    const filled = h.body<PushupEntry>(await log(person, last), 201);
    const before = await stateOf(person);

    // A new entry, with or without an id of its own, is still refused.
    for (const body of [
      { count: 1, date: DAY, uuid: randomUUID() },
      { count: 1, date: DAY },
    ]) {
      expectError(
        await log(person, body),
        400,
        'VALIDATION_ERROR',
        `You can log at most ${LIMIT} push-ups a day: ${LIMIT} are already logged for 2025-06-01`,
      );
    }
    // The repeat of the entry that brought the day to the limit is the entry itself, not one more.
    const again = await log(person, last);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(filled);
    // And an entry refused by the limit leaves its uuid free: nothing of it was written.
    const refused = { count: 5, date: DAY, uuid: randomUUID() };
    expect((await log(person, refused)).statusCode).toBe(400);
    expect(await rowsWith(refused.uuid)).toEqual([]);
    expect(await stateOf(person)).toEqual(before);
    expect((await log(person, { ...refused, date: '2025-06-02T12:00:00Z' })).statusCode).toBe(201);
  });

  it('takes an upper-case uuid as its lower-case form, and refuses a malformed one with 400', async () => {
    const person = await h.person();
    const uuid = randomUUID();
    const upper = await log(person, { count: 8, date: DAY, uuid: uuid.toUpperCase() });
    expect(upper.statusCode).toBe(201);
    expect(upper.json<PushupEntry>().uuid).toBe(uuid);
    const lower = await log(person, { count: 8, date: DAY, uuid });
    expect(lower.statusCode).toBe(201);
    expect(lower.json()).toEqual(upper.json());
    expect(await rowsWith(uuid)).toHaveLength(1);
    const before = await stateOf(person);

    for (const bad of [
      '',
      'not-a-uuid',
      uuid.slice(0, -1),
      `${uuid}0`,
      uuid.replace(/-/g, ''),
      `{${uuid}}`,
      ` ${uuid}`,
      `urn:uuid:${uuid}`,
      `g${uuid.slice(1)}`,
      12345,
      null,
      true,
      [uuid],
      { uuid },
    ]) {
      expectError(
        await log(person, { count: 8, date: DAY, uuid: bad }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.entryIdInvalid,
      );
    }
    expect(await stateOf(person)).toEqual(before);
  });

  it('holds one rule for an entry id in POST, PATCH and DELETE: a UUID of versions 1 to 8, never the nil or max UUID', async () => {
    const person = await h.person();
    const kept = h.body<PushupEntry>(await log(person, { count: 3, date: DAY, uuid: randomUUID() }), 201);
    const before = await stateOf(person);
    const uuid = randomUUID();
    const refused = [
      // The nil and max UUIDs are one value each, the same for every device: never an entry's.
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      // Version 0 and 9, and the variant bits of NCS and Microsoft GUIDs, are not RFC 9562 UUIDs.
      `${uuid.slice(0, 14)}0${uuid.slice(15)}`,
      `${uuid.slice(0, 14)}9${uuid.slice(15)}`,
      `${uuid.slice(0, 19)}7${uuid.slice(20)}`,
      `${uuid.slice(0, 19)}c${uuid.slice(20)}`,
      'not-a-uuid',
      uuid.slice(0, -1),
      `${uuid}0`,
      uuid.replace(/-/g, ''),
      `g${uuid.slice(1)}`,
      'x'.repeat(64),
    ];
    for (const bad of refused) {
      const path = `/api/pushups/${encodeURIComponent(bad)}`;
      for (const response of [
        await log(person, { count: 3, date: DAY, uuid: bad }),
        await h.call(person, 'PATCH', path, { count: 4 }),
        await h.call(person, 'DELETE', path),
      ]) {
        expectError(response, 400, 'VALIDATION_ERROR', MESSAGES.entryIdInvalid);
      }
    }
    expect(await stateOf(person)).toEqual(before);

    // Every version a device may make is taken: v1 (time), v4 (crypto.randomUUID), v7 (time-ordered).
    for (const id of [
      'c232ab00-9414-11ec-b3c8-9f6bdeced846',
      '919108f7-52d1-4320-9bac-f847db4148a8',
      '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
    ]) {
      expect(h.body<PushupEntry>(await log(person, { count: 2, date: DAY, uuid: id }), 201).uuid).toBe(id);
      h.body(await h.call(person, 'PATCH', `/api/pushups/${id}`, { count: 5 }), 200);
      expect((await h.call(person, 'DELETE', `/api/pushups/${id}`)).statusCode).toBe(204);
    }
    expect(h.body<PushupEntry[]>(await h.call(person, 'GET', '/api/pushups'), 200)).toEqual([kept]);
  });

  it('reaches the caller’s own entry by the upper-case form of its id in PATCH and DELETE, as POST does', async () => {
    const person = await h.person();
    const uuid = randomUUID();
    h.body(await log(person, { count: 6, date: DAY, uuid }), 201);

    const edited = await h.call(person, 'PATCH', `/api/pushups/${uuid.toUpperCase()}`, { count: 7 });
    expect(h.body<PushupEntry>(edited, 200)).toEqual({ uuid, count: 7, date: DAY, day: '2025-06-01' });
    expect(await rowsWith(uuid)).toEqual([expect.objectContaining({ count: 7 })]);
    // A mixed-case id is the same entry too.
    const mixed = uuid.replace(/[a-f]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c));
    h.body(await h.call(person, 'PATCH', `/api/pushups/${mixed}`, { count: 8 }), 200);

    expect((await h.call(person, 'DELETE', `/api/pushups/${uuid.toUpperCase()}`)).statusCode).toBe(204);
    expect(await rowsWith(uuid)).toEqual([]);
    expect((await stateOf(person)).total).toEqual([expect.objectContaining({ total: 0 })]);
    // Gone in every spelling.
    for (const spelling of [uuid, uuid.toUpperCase()]) {
      expectError(
        await h.call(person, 'DELETE', `/api/pushups/${spelling}`),
        404,
        'NOT_FOUND',
        MESSAGES.pushupNotFound,
      );
    }
  });

  it('frees a deleted entry’s id: another user may take it, and the owner’s late repeat is a 409 that changes nothing', async () => {
    // The rule (decision 017, docs/security.md "Entry ids"): no tombstones. Only the owner's own
    // answers and exports carry an entry's id, so a stranger can take it only by knowing it already,
    // and the owner's device then learns that an entry the owner deleted was not logged again.
    const [owner, other] = await h.people(2);
    const uuid = randomUUID();
    const body = { count: 12, date: DAY, uuid };
    h.body(await log(owner, body), 201);
    expect((await h.call(owner, 'DELETE', `/api/pushups/${uuid}`)).statusCode).toBe(204);
    // Whose entries and totals: the rank bands are everyone's, and the other user's log moves them.
    const own = async (person: Person) => {
      const { entries, total } = await stateOf(person);
      return { entries, total };
    };
    const ownerAfterDelete = await own(owner);

    const claimed = h.body<PushupEntry>(await log(other, { ...body, uuid: uuid.toUpperCase() }), 201);
    expect(claimed).toEqual({ uuid, count: 12, date: DAY, day: '2025-06-01' });
    const otherBefore = await stateOf(other);

    // The owner's device sends the deleted entry again (its answer was lost before the delete).
    expectError(await log(owner, body), 409, 'ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse);
    // And cannot reach the other user's entry by its id, in any case.
    for (const spelling of [uuid, uuid.toUpperCase()]) {
      const path = `/api/pushups/${spelling}`;
      expectError(
        await h.call(owner, 'PATCH', path, { count: 1 }),
        404,
        'NOT_FOUND',
        MESSAGES.pushupNotFound,
      );
      expectError(await h.call(owner, 'DELETE', path), 404, 'NOT_FOUND', MESSAGES.pushupNotFound);
    }
    expect(await own(owner)).toEqual(ownerAfterDelete);
    expect(await stateOf(other)).toEqual(otherBefore);
    expect(await boardTotalOf(other)).toBe(12);
  });

  it('does not take an edited entry’s repeat for a repeat (409), and logs a deleted entry’s repeat again', async () => {
    const person = await h.person();
    const edited = { count: 10, date: DAY, uuid: randomUUID() };
    const deleted = { count: 11, date: DAY, uuid: randomUUID() };
    h.body(await log(person, edited), 201);
    const first = h.body<PushupEntry>(await log(person, deleted), 201);
    h.body(await h.call(person, 'PATCH', `/api/pushups/${edited.uuid}`, { count: 15, date: DAY }), 200);
    expect((await h.call(person, 'DELETE', `/api/pushups/${deleted.uuid}`)).statusCode).toBe(204);

    expectError(await log(person, edited), 409, 'ENTRY_CONFLICT', MESSAGES.serverEntryConflict);
    const again = await log(person, deleted);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
    const state = await stateOf(person);
    expect(state.entries.map((row) => [row.uuid, row.count]).sort()).toEqual(
      [
        [edited.uuid, 15],
        [deleted.uuid, 11],
      ].sort(),
    );
    expect(state.total).toEqual([expect.objectContaining({ total: 26 })]);
  });
});
