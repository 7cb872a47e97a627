/** Tests below the HTTP API: a suite's database with repositories on it, and users inserted into it. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../src/db/client';
import { createRepositories, type Repositories } from '../src/repositories';
import { newUserRow } from '../src/repositories/users.repository';
import { createTestDatabase, type TestDatabase } from './helpers';

export interface RepositorySuite {
  db: TestDatabase;
  repos: Repositories;
}

/**
 * A fresh migrated database for the describe block this is called in, made in its beforeAll and
 * dropped in its afterAll, with repositories on it; read through the returned function in tests.
 */
export function repositoriesForSuite(engine: Engine): () => RepositorySuite {
  let suite: RepositorySuite | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase(engine);
    suite = { db, repos: createRepositories(db.handle) };
  });
  afterAll(async () => {
    await suite?.db.drop();
  });
  return () => {
    if (!suite) throw new Error('The database is made in the beforeAll of its describe block');
    return suite;
  };
}

export interface InsertedUser {
  uuid: string;
  firebaseUid: string;
}

/** A new user with a unique name and email, on the default tier, whose Firebase uid is `uid-<uuid>`. */
export async function insertUser(repos: Repositories, now: string): Promise<InsertedUser> {
  const uuid = randomUUID();
  const firebaseUid = `uid-${uuid}`;
  const username = `u_${uuid.slice(0, 12)}`;
  await repos.users.insert(
    newUserRow({ uuid, firebaseUid, username, email: `${username}@example.com`, tierId: 'default', now }),
  );
  return { uuid, firebaseUid };
}

/** The users counted in each rank band, in band order, as stored. */
export async function storedRankBands(suite: RepositorySuite): Promise<number[]> {
  const rows = await suite.db.handle.db
    .selectFrom('rank_buckets')
    .select('users')
    .orderBy('bucket')
    .execute();
  return rows.map((row) => row.users);
}
