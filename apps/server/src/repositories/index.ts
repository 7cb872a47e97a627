import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { GroupsRepository } from './groups.repository';
import { HealthRepository } from './health.repository';
import { InvitesRepository } from './invites.repository';
import { PushupsRepository } from './pushups.repository';
import { TiersRepository } from './tiers.repository';
import { UsersRepository } from './users.repository';

export interface Repositories {
  users: UsersRepository;
  invites: InvitesRepository;
  tiers: TiersRepository;
  pushups: PushupsRepository;
  groups: GroupsRepository;
  health: HealthRepository;
  /** Runs `work` in one database transaction with repositories bound to it. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    users: new UsersRepository(db),
    invites: new InvitesRepository(db),
    tiers: new TiersRepository(db),
    pushups: new PushupsRepository(db),
    groups: new GroupsRepository(db),
    health: new HealthRepository(db),
    transaction: (work) => db.transaction().execute((trx) => work(createRepositories(trx))),
  };
}
