/** A user inserted straight through the repositories, for tests below the HTTP API. */
import { randomUUID } from 'node:crypto';
import type { Repositories } from '../src/repositories';
import { newUserRow } from '../src/repositories/users.repository';

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
