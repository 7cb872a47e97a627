import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { sqliteAddonProblem } from '../src/db/sqlite-addon';
import { newUserRow } from '../src/repositories/users.repository';
import { createTestDatabase, engines, type TestDatabase } from './helpers';

const row = (uuid: string, uid: string, username: string) =>
  newUserRow({
    uuid,
    firebaseUid: uid,
    username,
    email: `${uid}@example.com`,
    tierId: 'default',
    now: '2025-01-01T12:00:00.000Z',
  });

describe.each(engines)('database on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds the default tier (5 groups, 10 members) and migrating again changes nothing', async () => {
    await migrateToLatest(database.handle);
    const tiers = await database.handle.db.selectFrom('subscription_tiers').selectAll().execute();
    expect(tiers).toEqual([
      expect.objectContaining({ id: 'default', max_groups: 5, max_members_per_group: 10 }),
    ]);
  });

  it('recognises the unique violations the service maps to 409s', async () => {
    const db = database.handle.db;
    await db
      .insertInto('users')
      .values(row('u1', 'f1', 'Same'))
      .execute();
    const byName = await db
      .insertInto('users')
      .values(row('u2', 'f2', 'SAME'))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(byName, 'users', 'username_lower')).toBe(true);
    expect(isUniqueViolation(byName, 'users', 'firebase_uid')).toBe(false);
    const byUid = await db
      .insertInto('users')
      .values(row('u3', 'f1', 'other'))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(byUid, 'users', 'firebase_uid')).toBe(true);
  });

  it('enforces the tier foreign key', async () => {
    const result = await database.handle.db
      .insertInto('users')
      .values({ ...row('u4', 'f4', 'fk_user'), tier_id: 'no-such-tier' })
      .execute()
      .then(
        () => 'inserted',
        () => 'refused',
      );
    expect(result).toBe('refused');
  });
});

describe.skipIf(!engines.includes('postgres'))('migrations on PostgreSQL', () => {
  it('migrate into their own schema even when another schema already has the migration tables', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const decoy = `decoy_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA ${decoy}`);
      await admin.query(
        `CREATE TABLE ${decoy}.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`,
      );
      await admin.query(
        `CREATE TABLE ${decoy}.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`,
      );
      const database = await createTestDatabase('postgres');
      const tiers = await database.handle.db.selectFrom('subscription_tiers').select('id').execute();
      expect(tiers).toEqual([{ id: 'default' }]);
      await database.drop();
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${decoy} CASCADE`);
      await admin.end();
    }
  });
});

describe.skipIf(!engines.includes('postgres'))('PostgreSQL connections', () => {
  it('keep the process and its queries going when the server ends an idle one', async () => {
    const database = await createTestDatabase('postgres');
    const lost = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(
        database.handle.db,
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [rows[0]?.name],
        );
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(lost).toHaveBeenCalledOnce());
      expect(String(lost.mock.calls[0]?.[0])).toMatch(/^A PostgreSQL connection was lost and is replaced: /);
      const tiers = await database.handle.db.selectFrom('subscription_tiers').select('id').execute();
      expect(tiers).toEqual([{ id: 'default' }]);
    } finally {
      await database.drop();
    }
  });
});

describe('the SQLite addon check', () => {
  const faulty = Buffer.from('\0_ZN4node28RemoveEnvironmentCleanupHookEPN2v87IsolateEPFvPvES3_\0');
  const sound = Buffer.from('\0_ZN4node25AddEnvironmentCleanupHookEPN2v87IsolateEPFvPvES3_\0');

  it('refuses on Node 24 an addon built against the headers whose ObjectWrap aborts on GC', () => {
    expect(sqliteAddonProblem('24.21.0', faulty)).toMatch(
      /Node 24\.19\+ headers.*npm rebuild better-sqlite3/,
    );
    expect(sqliteAddonProblem('24.21.0', sound)).toBeNull();
    expect(sqliteAddonProblem('20.20.2', faulty)).toBeNull();
  });

  it('finds the installed addon sound on this Node', () => {
    expect(sqliteAddonProblem()).toBeNull();
  });
});
