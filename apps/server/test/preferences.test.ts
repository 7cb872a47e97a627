/**
 * Language and theme (docs/product.md, "Language and theme"; decision 023), on SQLite (and
 * PostgreSQL in the full tier, docs/testing.md "Engines"): stored in the profile through PATCH
 * /api/users/settings, returned by the profile and the settings, null until chosen; bad values are
 * a 400 with their message and write nothing; the call only ever changes the caller; migration 0008
 * gives existing users null.
 */
import { MESSAGES, type UserProfile, type UserSettings } from '@pushup/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createRepositories } from '../src/repositories';
import { toProfile } from '../src/services/users/users.service';
import { expectError, groupsHarness, type Person, type Reply } from './groups-helpers';
import {
  bearer,
  createTestServer,
  createUnmigratedTestDatabase,
  engines,
  insertUserBefore,
  ruleEngines,
  type TestServer,
} from './helpers';

const NOW = '2026-01-01T12:00:00.000Z';

describe.each(ruleEngines)('language and theme on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const settings = async (who: Person) =>
    h.body<UserSettings>(await h.call(who, 'GET', '/api/users/settings'), 200);
  const profile = async (who: Person) =>
    h.body<UserProfile>(await h.call(who, 'GET', '/api/users/profile'), 200);
  const patch = (who: Person, body: unknown) => h.call(who, 'PATCH', '/api/users/settings', body);
  /** A PATCH whose body is the JSON text given (any JSON value, or not JSON at all). */
  const patchRaw = (who: Person, payload: string): Promise<Reply> =>
    server.app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      headers: { ...bearer(who.account), 'content-type': 'application/json', 'x-timezone': 'UTC' },
      payload,
    });
  /** The user's row as stored, every column (to see that a refused request wrote nothing). */
  const row = (who: Person) =>
    server.db.handle.db
      .selectFrom('users')
      .selectAll()
      .where('uuid', '=', who.uuid)
      .executeTakeFirstOrThrow();

  it('are null until chosen, then kept and answered by the settings and the profile', async () => {
    const [who] = await h.people(1);
    expect(who.profile).toMatchObject({ language: null, theme: null });
    expect(await settings(who)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: true,
      language: null,
      theme: null,
    });

    // Only the fields sent change.
    expect(h.body<UserSettings>(await patch(who, { language: 'de' }), 200)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: true,
      language: 'de',
      theme: null,
    });
    expect(h.body<UserSettings>(await patch(who, { theme: 'dark' }), 200)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: true,
      language: 'de',
      theme: 'dark',
    });
    expect(await row(who)).toMatchObject({ language: 'de', theme: 'dark' });
    // Another device reads them from the profile and the settings.
    expect(await profile(who)).toMatchObject({ language: 'de', theme: 'dark' });
    expect(await settings(who)).toEqual({
      restDaysPerWeek: 0,
      showOnLeaderboard: true,
      language: 'de',
      theme: 'dark',
    });

    // Every value, both at once, and with the other settings.
    for (const [language, theme] of [
      ['en', 'system'],
      ['de', 'light'],
      ['en', 'dark'],
    ] as const) {
      expect(h.body<UserSettings>(await patch(who, { language, theme }), 200)).toMatchObject({
        language,
        theme,
      });
      expect(await profile(who)).toMatchObject({ language, theme });
    }
    expect(
      h.body<UserSettings>(
        await patch(who, { restDaysPerWeek: 2, showOnLeaderboard: false, theme: 'light' }),
        200,
      ),
    ).toEqual({ restDaysPerWeek: 2, showOnLeaderboard: false, language: 'en', theme: 'light' });
    // Rest days alone leave them as they are.
    expect(h.body<UserSettings>(await patch(who, { restDaysPerWeek: 1 }), 200)).toMatchObject({
      language: 'en',
      theme: 'light',
    });

    // The profile's other calls answer them and keep them.
    const renamed = h.body<UserProfile>(
      await server.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { ...bearer(who.account), 'x-timezone': 'UTC' },
        payload: { username: `${who.username}x`.slice(0, 30) },
      }),
      200,
    );
    expect(renamed).toMatchObject({ language: 'en', theme: 'light' });
    const goal = h.body<UserProfile>(
      await h.call(who, 'PATCH', '/api/users/profile-update', { personalGoal: 500 }),
      200,
    );
    expect(goal).toMatchObject({ personalGoal: 500, language: 'en', theme: 'light' });
  });

  it('refuses an unknown or mistyped value, or no setting, with its message, and writes nothing', async () => {
    const [who] = await h.people(1);
    h.body(await patch(who, { language: 'de', theme: 'dark', restDaysPerWeek: 1 }), 200);
    const before = await row(who);

    for (const language of [
      'fr',
      'EN',
      'De',
      'german',
      'de-DE',
      '',
      ' de',
      null,
      1,
      true,
      ['de'],
      { de: true },
    ]) {
      expectError(await patch(who, { language }), 400, 'VALIDATION_ERROR', MESSAGES.languageInvalid);
      // With a valid change beside it: refused as a whole.
      expectError(
        await patch(who, { language, theme: 'light', restDaysPerWeek: 2 }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.languageInvalid,
      );
    }
    for (const theme of ['auto', 'Dark', 'LIGHT', 'night', '', null, 0, false, ['dark'], {}]) {
      expectError(await patch(who, { theme }), 400, 'VALIDATION_ERROR', MESSAGES.themeInvalid);
      expectError(
        await patch(who, { theme, language: 'en' }),
        400,
        'VALIDATION_ERROR',
        MESSAGES.themeInvalid,
      );
    }
    expectError(await patch(who, {}), 400, 'VALIDATION_ERROR', MESSAGES.settingsEmpty);
    // An unknown field, a body that is not an object, or none at all.
    for (const payload of [
      '{"lang":"de"}',
      '{"language":"de","locale":"de"}',
      '"de"',
      '["de"]',
      '42',
      'null',
    ]) {
      const response = await patchRaw(who, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
      });
    }
    for (const payload of ['', '{language: de}']) {
      const response = await patchRaw(who, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
    }

    expect(await row(who)).toEqual(before);
    expect(await settings(who)).toEqual({
      restDaysPerWeek: 1,
      showOnLeaderboard: true,
      language: 'de',
      theme: 'dark',
    });
  });

  it('changes only the caller’s own: no call names another user, and nobody changes yours', async () => {
    const [me, other] = await h.people(2);
    h.body(await patch(me, { language: 'de', theme: 'dark' }), 200);
    const mine = await row(me);

    // The other user's changes are theirs alone.
    expect(h.body<UserSettings>(await patch(other, { language: 'en', theme: 'light' }), 200)).toMatchObject({
      language: 'en',
      theme: 'light',
    });
    // A body naming someone else is refused (the call takes no user), and there is no such path.
    for (const body of [
      { language: 'en', uuid: me.uuid },
      { language: 'en', userId: me.uuid },
      { theme: 'light', username: me.username },
    ]) {
      const response = await patch(other, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const url of [`/api/users/${me.uuid}/settings`, `/api/users/settings/${me.uuid}`]) {
      const response = await h.call(other, 'PATCH', url, { language: 'en' });
      expect(response.statusCode, url).toBe(404);
    }
    // Without a token, or with a bad one: 401, nothing written.
    expect((await h.call(null, 'PATCH', '/api/users/settings', { language: 'en' })).statusCode).toBe(401);
    const forged = await server.app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      headers: { authorization: 'Bearer not-a-token', 'x-timezone': 'UTC' },
      payload: { language: 'en' },
    });
    expect(forged.statusCode).toBe(401);

    expect(await row(me)).toEqual(mine);
    expect(await profile(me)).toMatchObject({ language: 'de', theme: 'dark' });
    expect(await profile(other)).toMatchObject({ language: 'en', theme: 'light' });
  });

  it('reads a stored value the app does not know as not chosen', async () => {
    const [who] = await h.people(1);
    await server.db.handle.db
      .updateTable('users')
      .set({ language: 'fr', theme: 'sepia' })
      .where('uuid', '=', who.uuid)
      .execute();
    expect(await profile(who)).toMatchObject({ language: null, theme: null });
    expect(await settings(who)).toMatchObject({ language: null, theme: null });
    expect(h.body<UserSettings>(await patch(who, { language: 'de' }), 200)).toMatchObject({
      language: 'de',
      theme: null,
    });
  });
});

describe.each(engines)('migration 0008_preferences on %s', (engine) => {
  it('gives every existing user no language and no theme, keeps the rest, and goes back', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0007_leaderboard_visibility')).error).toBeUndefined();
      // Users as 0007 left the table: rest days chosen, no language or theme columns yet.
      const users = [
        await insertUserBefore(db, '0008', NOW, { rest_days_per_week: 0 }),
        await insertUserBefore(db, '0008', NOW, { rest_days_per_week: 2 }),
        await insertUserBefore(db, '0008', NOW, { rest_days_per_week: 1 }),
      ];
      const before = await db.selectFrom('users').selectAll().orderBy('uuid').execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const after = await db.selectFrom('users').selectAll().orderBy('uuid').execute();
      // Later migrations add columns of their own: each user keeps every column 0007 gave them.
      expect(after).toEqual(
        before.map((user) => expect.objectContaining({ ...user, language: null, theme: null })),
      );

      // The app reads them as not chosen, and can keep a choice.
      const repos = createRepositories(scratch.handle);
      const [first, second] = users as [string, string, string];
      const profile = toProfile((await repos.users.findByUuid(first)) ?? expect.fail('no user'));
      expect(profile).toMatchObject({ language: null, theme: null });
      expect(await repos.users.preferencesOf(second)).toEqual({
        uuid: second,
        rest_days_per_week: 2,
        language: null,
        theme: null,
      });
      await repos.users.update(second, { language: 'de', theme: 'dark', updated_at: NOW });
      expect(await repos.users.preferencesOf(second)).toMatchObject({ language: 'de', theme: 'dark' });

      // And back: the columns go, the users stay.
      expect((await migrator.migrateTo('0007_leaderboard_visibility')).error).toBeUndefined();
      const { rows: columns } =
        engine === 'sqlite'
          ? await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db)
          : await sql<{ name: string }>`
              select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = 'users'`.execute(db);
      const names = columns.map((c) => c.name);
      expect(names).toContain('rest_days_per_week');
      expect(names).not.toContain('language');
      expect(names).not.toContain('theme');
      expect(await db.selectFrom('users').select('uuid').orderBy('uuid').execute()).toHaveLength(3);
    } finally {
      await scratch.drop();
    }
  });
});
