/**
 * The bench's database: a fresh one, dropped after the run (src/db/scratch-database.ts), or with
 * `--keep-data` on PostgreSQL a schema named after the data's size and the seed's version, left in
 * place and reused by the next run of the same size. Seeding 10M entries takes minutes; driving the
 * pages takes less than three.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/db/client';
import { migrations } from '../src/db/migrations';
import { createScratchDatabase, postgresUrlInSchema } from '../src/db/scratch-database';
import { uidOf } from './identity';
import { BIG_GROUP_SIZE, bigGroupName, GROUP_SIZE, groupName, type Seeded } from './seed';

export interface BenchDatabase {
  handle: DbHandle;
  /** Env for the API processes, so that they open the same database. */
  env: Record<string, string>;
  label: string;
  /** Data kept by an earlier run with the same sizes and seed, or null when this run seeds. */
  reuse: { seededOn: string; load(): Promise<Seeded> } | null;
  /** After seeding: keeps what the next run needs besides the tables, and marks the data complete. */
  keepSeeded(seeded: Seeded): Promise<void>;
  /** Drops a fresh database; closes kept data and leaves it in place. */
  close(): Promise<void>;
}

/** The comment on a kept schema once its seeding has finished; a schema without it is incomplete. */
const SEEDED = 'seeded ';

/**
 * What the seed's data depends on besides the sizes: the seed, the bench's users and zones, and the
 * tables the migrations make. Any change gives another schema name, so old data is never reused.
 */
function seedVersion(): string {
  const hash = createHash('sha256');
  for (const file of ['./seed.ts', './identity.ts'])
    hash.update(fs.readFileSync(new URL(file, import.meta.url)));
  hash.update(Object.keys(migrations).join());
  return hash.digest('hex').slice(0, 8);
}

export async function openBenchDatabase(
  url: string | undefined,
  { users, entries, keep }: { users: number; entries: number; keep: boolean },
): Promise<BenchDatabase> {
  if (keep && url) return openKept(url, users, entries);
  if (keep) console.log('--keep-data: PostgreSQL only; seeding a fresh SQLite file.');
  const scratch = await createScratchDatabase('bench', url);
  return {
    handle: scratch.handle,
    env: scratch.env,
    label: scratch.label,
    reuse: null,
    keepSeeded: async () => {},
    close: () => scratch.drop(),
  };
}

/**
 * Drops the kept schemas of these sizes that will never be reused (another seed version, or a seed
 * cut short: several GB at 10M entries), and says whether `schema` holds complete data.
 */
async function prepareKeptSchema(url: string, prefix: string, schema: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; note: string | null }>(
      "select nspname as name, obj_description(oid, 'pg_namespace') as note from pg_namespace where starts_with(nspname, $1)",
      [prefix],
    );
    let seededOn: string | null = null;
    for (const { name, note } of rows) {
      if (name === schema && note?.startsWith(SEEDED)) {
        seededOn = note.slice(SEEDED.length);
        continue;
      }
      await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
      console.log(
        `Dropped schema ${name}: ${name === schema ? 'its seeding did not finish' : 'another version of the seed'}.`,
      );
    }
    if (seededOn === null) await client.query(`create schema ${schema}`);
    return seededOn;
  } finally {
    await client.end();
  }
}

async function openKept(url: string, users: number, entries: number): Promise<BenchDatabase> {
  // Digits, letters and underscores only: a safe identifier without quoting.
  const prefix = `bench_keep_u${users}_e${entries}_`;
  const schema = `${prefix}${seedVersion()}`;
  const seededOn = await prepareKeptSchema(url, prefix, schema);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushup-bench-'));
  const handle = createDb({ databaseUrl: url, sqlitePath: '', pgSchema: schema });
  return {
    handle,
    env: { DATA_DIR: dataDir, DATABASE_URL: postgresUrlInSchema(url, schema) },
    label: `postgres (schema ${schema}, ${seededOn === null ? 'seeded now' : `seeded ${seededOn}`}, kept)`,
    reuse: seededOn === null ? null : { seededOn, load: () => loadSeeded(handle, users) },
    async keepSeeded(seeded) {
      // The day samples are kept so that runs on the same data drive the same days in the same order.
      // One transaction with the mark: a run cut short leaves none, and the next run seeds again.
      const sampleUsers = seeded.samples.map((sample) => sample.user);
      const days = seeded.samples.map((sample) => sample.day);
      const positions = sampleUsers.map((_, i) => i);
      const note = `${SEEDED}${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${seeded.seconds.toFixed(0)} s`;
      await handle.db.transaction().execute(async (trx) => {
        await sql`create table bench_samples
          (position integer primary key, user_index integer not null, day text not null)`.execute(trx);
        await sql`insert into bench_samples
          select * from unnest(${positions}::integer[], ${sampleUsers}::integer[], ${days}::text[])`.execute(
          trx,
        );
        await sql`comment on schema ${sql.id(schema)} is ${sql.lit(note)}`.execute(trx);
      });
    },
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What `seed` returned when the kept data was seeded, read back from its tables. */
async function loadSeeded(handle: DbHandle, userCount: number): Promise<Seeded> {
  const { db } = handle;
  const userOf = new Map(Array.from({ length: userCount }, (_, i) => [uidOf(i), i]));
  const userUuids: string[] = Array.from({ length: userCount }, () => '');
  for (const row of await db.selectFrom('users').select(['uuid', 'firebase_uid']).execute()) {
    const i = userOf.get(row.firebase_uid);
    if (i !== undefined) userUuids[i] = row.uuid;
  }
  const groupOf = new Map(
    Array.from({ length: Math.floor(userCount / GROUP_SIZE) }, (_, g) => [groupName(g), g]),
  );
  const groupIds: string[] = Array.from({ length: groupOf.size }, () => '');
  for (const row of await db.selectFrom('groups').select(['id', 'name']).execute()) {
    const g = groupOf.get(row.name);
    if (g !== undefined) groupIds[g] = row.id;
  }
  const bigOf = new Map(
    Array.from({ length: Math.floor(userCount / BIG_GROUP_SIZE) }, (_, g) => [bigGroupName(g), g]),
  );
  const bigGroups = Array.from({ length: bigOf.size }, () => ({ groupId: '', challengeId: '' }));
  for (const row of await db
    .selectFrom('groups')
    .innerJoin('challenges', 'challenges.group_id', 'groups.id')
    .select(['groups.id', 'groups.name', 'challenges.id as challenge_id'])
    .execute()) {
    const g = bigOf.get(row.name);
    if (g !== undefined) bigGroups[g] = { groupId: row.id, challengeId: row.challenge_id };
  }
  if (userUuids.includes('') || groupIds.includes('') || bigGroups.some((b) => b.groupId === '')) {
    throw new Error('the kept data lacks seeded users or groups: drop its schema and run again');
  }
  const { rows } = await sql<{ user_index: number; day: string }>`
    select user_index, day from bench_samples order by position`.execute(db);
  return {
    seconds: 0,
    userUuids,
    groupIds,
    samples: rows.map((row) => ({ user: row.user_index, day: row.day })),
    bigGroups,
  };
}
