import type { Kysely } from 'kysely';
import type { DbHandle } from '../db/client';
import { groupCommit } from '../db/group-commit';
import type { Database } from '../db/schema';
import { AccountDataRepository } from './account-data.repository';
import { GroupsRepository } from './groups.repository';
import { HabitsRepository } from './habits.repository';
import { HealthRepository } from './health.repository';
import { InviteLinksRepository } from './invite-links.repository';
import { InvitesRepository } from './invites.repository';
import { JoinRequestsRepository } from './join-requests.repository';
import { MembershipsRepository } from './memberships.repository';
import { PushupsRepository } from './pushups.repository';
import { RemindersRepository } from './reminders.repository';
import { StorageRepository } from './storage.repository';
import { TiersRepository } from './tiers.repository';
import { UsersRepository } from './users.repository';

export interface Repositories {
  users: UsersRepository;
  invites: InvitesRepository;
  tiers: TiersRepository;
  pushups: PushupsRepository;
  habits: HabitsRepository;
  groups: GroupsRepository;
  memberships: MembershipsRepository;
  joinRequests: JoinRequestsRepository;
  inviteLinks: InviteLinksRepository;
  health: HealthRepository;
  reminders: RemindersRepository;
  storage: StorageRepository;
  accountData: AccountDataRepository;
  /** Runs `work` in one database transaction with repositories bound to it. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

/**
 * How many transactions of this process have finished (committed or not). A read cached while this
 * stayed the same has missed no write of this process: every write that a cache depends on runs in a
 * transaction (reads/short-lived-cache.ts).
 */
export class TransactionCounter {
  private finished = 0;

  get count(): number {
    return this.finished;
  }

  /** Called once a transaction has settled, i.e. after its COMMIT or ROLLBACK. */
  countFinished(): void {
    this.finished++;
  }
}

/**
 * The repositories of a database. On SQLite, concurrent transactions share commits (group commit,
 * decision 013); PostgreSQL runs each in its own transaction on a pooled connection.
 */
export function createRepositories(
  { db, engine }: Pick<DbHandle, 'db' | 'engine'>,
  transactions = new TransactionCounter(),
): Repositories {
  const runAlone: Repositories['transaction'] =
    engine === 'sqlite'
      ? groupCommit(db, (trx) => boundTo(trx, engine, true))
      : (work) => db.transaction().execute((trx) => work(boundTo(trx, engine, true)));
  // The rank bands' changes come last, so their shared rows are held only for the commit.
  const run: Repositories['transaction'] = (work) =>
    runAlone(async (repos) => {
      const result = await work(repos);
      await repos.pushups.moveRankBands();
      return result;
    });
  // Counted once the transaction has settled, i.e. after its COMMIT: a read that began before it
  // and saw the old rows is then known to be older than the count.
  const transaction: Repositories['transaction'] = (work) =>
    run(work).finally(() => transactions.countFinished());
  return { ...boundTo(db, engine), transaction };
}

/** Repositories on `db` (or an open transaction, which cannot open another). */
function boundTo(db: Kysely<Database>, engine: DbHandle['engine'], inTransaction = false): Repositories {
  return {
    users: new UsersRepository(db),
    invites: new InvitesRepository(db),
    tiers: new TiersRepository(db),
    pushups: new PushupsRepository(db, engine, inTransaction ? new Map() : null),
    habits: new HabitsRepository(db, engine),
    groups: new GroupsRepository(db),
    memberships: new MembershipsRepository(db, engine),
    joinRequests: new JoinRequestsRepository(db),
    inviteLinks: new InviteLinksRepository(db),
    health: new HealthRepository(db),
    reminders: new RemindersRepository(db),
    storage: new StorageRepository(db, engine),
    accountData: new AccountDataRepository(db),
    transaction: () =>
      Promise.reject(new Error('already in a transaction: use the repositories given to it')),
  };
}
