import type { Kysely } from 'kysely';
import type { DbHandle } from '../db/client';
import type { Database } from '../db/schema';
import { AccountDataRepository } from './account-data.repository';
import { AuditRepository } from './audit.repository';
import { ChallengesRepository } from './challenges.repository';
import { type EngineSql, engineSqlOf } from './engines';
import { FeedRepository } from './feed.repository';
import { GroupsRepository } from './groups.repository';
import { HabitsRepository } from './habits.repository';
import { HealthRepository } from './health.repository';
import { InstanceRepository } from './instance.repository';
import { InviteLinksRepository } from './invite-links.repository';
import { InvitesRepository } from './invites.repository';
import { JoinRequestsRepository } from './join-requests.repository';
import { MembershipsRepository } from './memberships.repository';
import { OperatorsRepository } from './operators.repository';
import { PlansRepository } from './plans.repository';
import { PublicProfilesRepository } from './public-profiles.repository';
import { PushupsRepository } from './pushups.repository';
import { RankBandMoves } from './rank-band-moves';
import { RemindersRepository } from './reminders.repository';
import { StorageRepository } from './storage.repository';
import { TiersRepository } from './tiers.repository';
import { UnitOfWork } from './unit-of-work';
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
  plans: PlansRepository;
  challenges: ChallengesRepository;
  feed: FeedRepository;
  operators: OperatorsRepository;
  audit: AuditRepository;
  /** The operators' view of the whole instance: every group, the usage numbers. */
  instance: InstanceRepository;
  publicProfiles: PublicProfilesRepository;
  /**
   * Runs `work` in one database transaction (a UnitOfWork) with repositories bound to it; those
   * repositories cannot open another.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

/**
 * How many transactions of this process have finished (committed or not). A read cached while this
 * stayed the same has missed no write of this process: every write that a cache depends on runs in a
 * transaction (reads/short-lived-cache.ts).
 */
export class TransactionCounter {
  private started = 0;
  private finished = 0;

  get count(): number {
    return this.finished;
  }

  /** Transactions started and not yet settled (the metrics' gauge). */
  get inFlight(): number {
    return this.started - this.finished;
  }

  countStarted(): void {
    this.started++;
  }

  /** Called once a transaction has settled, i.e. after its COMMIT or ROLLBACK. */
  countFinished(): void {
    this.finished++;
  }
}

/** The repositories of a database, and its transactions (each one a UnitOfWork). */
export function createRepositories(
  { db, engine }: Pick<DbHandle, 'db' | 'engine'>,
  transactions = new TransactionCounter(),
): Repositories {
  const sql = engineSqlOf(engine);
  const runInTransaction = sql.transactions(db);
  const inTransaction = (trx: Kysely<Database>, rankBands: RankBandMoves): Repositories => ({
    ...repositoriesOn(trx, sql, rankBands),
    transaction: () =>
      Promise.reject(new Error('already in a transaction: use the repositories given to it')),
  });
  const transaction: Repositories['transaction'] = (work) => {
    transactions.countStarted();
    return (
      runInTransaction((trx) => new UnitOfWork(trx, sql, inTransaction).run(work))
        // Counted once the transaction has settled, i.e. after its COMMIT: a read that began before
        // it and saw the old rows is then known to be older than the count.
        .finally(() => transactions.countFinished())
    );
  };
  return {
    ...repositoriesOn(db, sql, RankBandMoves.immediate(db, sql.applyRankBandMoves)),
    transaction,
  };
}

/** Every repository on `db` (the database, or an open transaction). */
function repositoriesOn(
  db: Kysely<Database>,
  sql: EngineSql,
  rankBands: RankBandMoves,
): Omit<Repositories, 'transaction'> {
  return {
    users: new UsersRepository(db),
    invites: new InvitesRepository(db),
    tiers: new TiersRepository(db),
    pushups: new PushupsRepository(db, sql, rankBands),
    habits: new HabitsRepository(db, sql),
    groups: new GroupsRepository(db),
    memberships: new MembershipsRepository(db, sql),
    joinRequests: new JoinRequestsRepository(db),
    inviteLinks: new InviteLinksRepository(db),
    health: new HealthRepository(db),
    reminders: new RemindersRepository(db),
    storage: new StorageRepository(db, sql),
    accountData: new AccountDataRepository(db),
    plans: new PlansRepository(db, sql),
    challenges: new ChallengesRepository(db, sql),
    feed: new FeedRepository(db, sql),
    operators: new OperatorsRepository(db),
    audit: new AuditRepository(db),
    instance: new InstanceRepository(db, sql),
    publicProfiles: new PublicProfilesRepository(db, sql),
  };
}
