import { type Kysely, sql } from 'kysely';
import type { ChallengeRow, Database } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';
import { PreparedQuery } from './prepared-query';

export type { ChallengeRow };

/** A challenge as lists show it: with its group's name, creator's name, participants and the caller's part. */
export interface ChallengeListRow extends ChallengeRow {
  group_name: string;
  creator_username: string | null;
  participant_count: number;
  /** 1: the caller takes part. */
  joined: number;
}

export interface ParticipantRow {
  user_uuid: string;
  username: string;
  time_zone: string;
  joined_at: string;
}

/** A participant with their sum of the days in the window (days under the minimum left out). */
export interface ParticipantTotalRow extends ParticipantRow {
  total: number;
}

/** A row of a fixed result; the user null once their account is deleted. */
export interface ResultRow {
  place: number;
  user_uuid: string | null;
  username: string | null;
  total: number;
  rank: number;
  reached: number;
}

/** Participants and fixed results whose user is still a member of the challenge's group. */
const memberOfGroup = (userColumn: string) =>
  sql<number>`case when exists (select 1 from group_members gm where gm.group_id = challenges.group_id and gm.user_uuid = ${sql.ref(userColumn)}) then 1 else 0 end`;

/**
 * A challenge's group with the viewer's role in it, participation and day sums' revision, through
 * keys alone: read on every request for a challenge's page (decision 029: built and compiled once).
 */
const VIEWER_PART = new PreparedQuery({ challengeId: 'string', viewerUuid: 'string' }, (db, p) =>
  db
    .selectFrom('challenges')
    .leftJoin('group_members as gm', (join) =>
      join.onRef('gm.group_id', '=', 'challenges.group_id').on('gm.user_uuid', '=', p.viewerUuid),
    )
    .leftJoin('challenge_participants as p', (join) =>
      join.onRef('p.challenge_id', '=', 'challenges.id').on('p.user_uuid', '=', p.viewerUuid),
    )
    .leftJoin('user_totals as t', (join) => join.on('t.user_uuid', '=', p.viewerUuid))
    .select(['challenges.group_id', 'gm.role', 'p.user_uuid as participant', 't.revision'])
    .where('challenges.id', '=', p.challengeId),
);

/**
 * Group challenges (migration 0016): the challenges, who takes part, the fixed results and a group's
 * challenge setting. Totals are sums of the participants' kept day sums (user_days), so they are
 * right in every process; a fixed result is read from its own rows and never again from the days.
 */
export class ChallengesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async membersMayCreate(groupId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('group_activity')
      .select('members_may_create_challenges')
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return row?.members_may_create_challenges === 1;
  }

  async setMembersMayCreate(groupId: string, allowed: boolean): Promise<void> {
    const value = allowed ? 1 : 0;
    await this.db
      .insertInto('group_activity')
      .values({ group_id: groupId, members_may_create_challenges: value })
      .onConflict((oc) => oc.column('group_id').doUpdateSet({ members_may_create_challenges: value }))
      .execute();
  }

  async insertChallenge(row: Omit<ChallengeRow, 'start_pushed' | 'end_pushed'>): Promise<void> {
    await this.db.insertInto('challenges').values(row).execute();
  }

  findChallenge(groupId: string, challengeId: string): Promise<ChallengeRow | undefined> {
    return this.db
      .selectFrom('challenges')
      .selectAll()
      .where('id', '=', challengeId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
  }

  /** Holds the challenge's row until commit (joins, leaves and the fixing of its result queue on it). */
  async lockChallenge(challengeId: string): Promise<void> {
    await this.db
      .updateTable('challenges')
      .set((eb) => ({ start_pushed: eb.ref('start_pushed') }))
      .where('id', '=', challengeId)
      .execute();
  }

  private listed(viewerUuid: string) {
    return this.db
      .selectFrom('challenges')
      .innerJoin('groups', 'groups.id', 'challenges.group_id')
      .leftJoin('users', 'users.uuid', 'challenges.created_by')
      .selectAll('challenges')
      .select([
        'groups.name as group_name',
        'users.username as creator_username',
        sql<number>`(select cast(count(*) as integer) from challenge_participants p where p.challenge_id = challenges.id)`.as(
          'participant_count',
        ),
        sql<number>`case when exists (select 1 from challenge_participants p where p.challenge_id = challenges.id and p.user_uuid = ${viewerUuid}) then 1 else 0 end`.as(
          'joined',
        ),
      ]);
  }

  /** A group's challenges not yet fixed, and its latest `finishedLimit` fixed ones. */
  async listOfGroup(groupId: string, viewerUuid: string, finishedLimit: number): Promise<ChallengeListRow[]> {
    const [open, fixed] = await Promise.all([
      this.listed(viewerUuid)
        .where('challenges.group_id', '=', groupId)
        .where('challenges.fixed_at', 'is', null)
        .orderBy('challenges.start_day')
        .orderBy('challenges.id')
        .execute(),
      this.listed(viewerUuid)
        .where('challenges.group_id', '=', groupId)
        .where('challenges.fixed_at', 'is not', null)
        .orderBy('challenges.end_day', 'desc')
        .orderBy('challenges.id')
        .limit(finishedLimit)
        .execute(),
    ]);
    return [...open, ...fixed];
  }

  listOne(challengeId: string, viewerUuid: string): Promise<ChallengeListRow | undefined> {
    return this.listed(viewerUuid).where('challenges.id', '=', challengeId).executeTakeFirst();
  }

  /** listOne with the viewer's role in the challenge's group (null: not a member): a page's first read. */
  pageHead(
    challengeId: string,
    viewerUuid: string,
  ): Promise<(ChallengeListRow & { viewer_role: string | null }) | undefined> {
    return this.listed(viewerUuid)
      .select(
        sql<
          string | null
        >`(select gm.role from group_members gm where gm.group_id = challenges.group_id and gm.user_uuid = ${viewerUuid})`.as(
          'viewer_role',
        ),
      )
      .where('challenges.id', '=', challengeId)
      .executeTakeFirst();
  }

  /**
   * The viewer's own part of a challenge's page, through keys alone: the challenge's group, the
   * viewer's role in it (null: not a member), whether they take part, and their day sums' revision
   * (-1: never logged). No row: no such challenge.
   */
  async viewerPart(
    challengeId: string,
    viewerUuid: string,
  ): Promise<{ group_id: string; role: string | null; joined: boolean; revision: number } | undefined> {
    const [row] = await VIEWER_PART.execute(this.db, this.engine, { challengeId, viewerUuid });
    return row
      ? {
          group_id: row.group_id,
          role: row.role,
          joined: row.participant !== null,
          revision: row.revision ?? -1,
        }
      : undefined;
  }

  /**
   * The participants by join order, each with their day sums' revision (-1: never logged), which
   * every entry write raises (migration 0010): what the page's cached windows are checked against.
   */
  async participantsWithRevisions(
    challengeId: string,
  ): Promise<Array<ParticipantRow & { revision: number }>> {
    const rows = await this.db
      .selectFrom('challenge_participants as p')
      .innerJoin('users', 'users.uuid', 'p.user_uuid')
      .leftJoin('user_totals', 'user_totals.user_uuid', 'p.user_uuid')
      .select(['p.user_uuid', 'users.username', 'p.time_zone', 'p.joined_at', 'user_totals.revision'])
      .where('p.challenge_id', '=', challengeId)
      .orderBy('p.joined_at')
      .orderBy('p.user_uuid')
      .execute();
    return rows.map((row) => ({ ...row, revision: row.revision ?? -1 }));
  }

  /** Each of these users' days with push-ups from `from` to `to`, as [day, total] pairs by day. */
  async windowDaysOf(
    userUuids: readonly string[],
    from: string,
    to: string,
  ): Promise<Map<string, [string, number][]>> {
    const days = new Map<string, [string, number][]>(userUuids.map((uuid) => [uuid, []]));
    if (userUuids.length === 0) return days;
    const rows = await this.db
      .selectFrom('user_days')
      .select(['user_uuid', 'day', 'total'])
      .where('user_uuid', 'in', [...userUuids])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('user_uuid')
      .orderBy('day')
      .execute();
    for (const row of rows) days.get(row.user_uuid)?.push([row.day, row.total]);
    return days;
  }

  /** The challenges the user takes part in whose result is not fixed yet, across their groups. */
  openOfUser(userUuid: string): Promise<ChallengeListRow[]> {
    return this.listed(userUuid)
      .innerJoin('challenge_participants as mine', 'mine.challenge_id', 'challenges.id')
      .where('mine.user_uuid', '=', userUuid)
      .where('challenges.fixed_at', 'is', null)
      .orderBy('challenges.end_day')
      .orderBy('challenges.id')
      .execute();
  }

  /** The ids of the challenges of a group, not yet fixed, that the user takes part in. */
  async openOfUserInGroup(groupId: string, userUuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('challenge_participants')
      .innerJoin('challenges', 'challenges.id', 'challenge_participants.challenge_id')
      .select('challenges.id')
      .where('challenge_participants.user_uuid', '=', userUuid)
      .where('challenges.group_id', '=', groupId)
      .where('challenges.fixed_at', 'is', null)
      .orderBy('challenges.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Adds the participant; false when they already were one. */
  async addParticipant(
    challengeId: string,
    userUuid: string,
    timeZone: string,
    now: string,
  ): Promise<boolean> {
    const rows = await this.db
      .insertInto('challenge_participants')
      .values({ challenge_id: challengeId, user_uuid: userUuid, time_zone: timeZone, joined_at: now })
      .onConflict((oc) => oc.columns(['challenge_id', 'user_uuid']).doNothing())
      .returning('user_uuid')
      .execute();
    return rows.length > 0;
  }

  /** Removes the participant; false when they were none. */
  async removeParticipant(challengeId: string, userUuid: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('challenge_participants')
      .where('challenge_id', '=', challengeId)
      .where('user_uuid', '=', userUuid)
      .returning('user_uuid')
      .execute();
    return rows.length > 0;
  }

  async participantZones(challengeId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('challenge_participants')
      .select('time_zone')
      .distinct()
      .where('challenge_id', '=', challengeId)
      .execute();
    return rows.map((row) => row.time_zone);
  }

  async setWindow(challengeId: string, startsAt: string, endsAt: string): Promise<void> {
    await this.db
      .updateTable('challenges')
      .set({ starts_at: startsAt, ends_at: endsAt })
      .where('id', '=', challengeId)
      .execute();
  }

  /**
   * Each participant with the sum of their days from `from` to `to` (their own days), leaving out
   * the days under `minPerDay`: one range of user_days' key per participant. By join order.
   */
  participantTotals(
    challengeId: string,
    from: string,
    to: string,
    minPerDay: number | null,
  ): Promise<ParticipantTotalRow[]> {
    const min = minPerDay ?? 1;
    return this.db
      .selectFrom('challenge_participants as p')
      .innerJoin('users', 'users.uuid', 'p.user_uuid')
      .select([
        'p.user_uuid',
        'users.username',
        'p.time_zone',
        'p.joined_at',
        sql<number>`coalesce((select cast(sum(d.total) as integer) from user_days d where d.user_uuid = p.user_uuid and d.day >= ${from} and d.day <= ${to} and d.total >= ${min}), 0)`.as(
          'total',
        ),
      ])
      .where('p.challenge_id', '=', challengeId)
      .orderBy('p.joined_at')
      .orderBy('p.user_uuid')
      .execute();
  }

  /** Sets the result's instant once; false when another transaction already fixed it. */
  async claimFix(challengeId: string, now: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('challenges')
      .set({ fixed_at: now })
      .where('id', '=', challengeId)
      .where('fixed_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  async insertResults(
    challengeId: string,
    rows: readonly { user_uuid: string; total: number; rank: number; reached: boolean }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('challenge_results')
      .values(
        rows.map((row, i) => ({
          challenge_id: challengeId,
          place: i + 1,
          user_uuid: row.user_uuid,
          total: row.total,
          rank: row.rank,
          reached: row.reached ? 1 : 0,
        })),
      )
      .execute();
  }

  /** A fixed result by place, with each user's name and whether they are still in the group. */
  results(challengeId: string): Promise<Array<ResultRow & { in_group: number }>> {
    return this.db
      .selectFrom('challenge_results')
      .innerJoin('challenges', 'challenges.id', 'challenge_results.challenge_id')
      .leftJoin('users', 'users.uuid', 'challenge_results.user_uuid')
      .select([
        'challenge_results.place',
        'challenge_results.user_uuid',
        'users.username',
        'challenge_results.total',
        'challenge_results.rank',
        'challenge_results.reached',
        memberOfGroup('challenge_results.user_uuid').as('in_group'),
      ])
      .where('challenge_results.challenge_id', '=', challengeId)
      .orderBy('challenge_results.place')
      .execute();
  }

  /** Challenges whose end has passed everywhere and whose result is not fixed yet. */
  async dueToFix(now: string, limit: number): Promise<Array<{ id: string; group_id: string }>> {
    return this.db
      .selectFrom('challenges')
      .select(['id', 'group_id'])
      .where('fixed_at', 'is', null)
      .where('ends_at', '<=', now)
      .orderBy('ends_at')
      .limit(limit)
      .execute();
  }

  /** Challenges whose start has come and was not announced. */
  dueToStart(now: string, limit: number): Promise<ChallengeRow[]> {
    return this.db
      .selectFrom('challenges')
      .selectAll()
      .where('start_pushed', '=', 0)
      .where('starts_at', '<=', now)
      .orderBy('starts_at')
      .limit(limit)
      .execute();
  }

  /** Claims the start's announcement once across processes; false when another process has. */
  async claimStartPush(challengeId: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('challenges')
      .set({ start_pushed: 1 })
      .where('id', '=', challengeId)
      .where('start_pushed', '=', 0)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** Fixed challenges whose end was not announced. */
  dueToAnnounceEnd(limit: number): Promise<ChallengeRow[]> {
    return this.db
      .selectFrom('challenges')
      .selectAll()
      .where('end_pushed', '=', 0)
      .where('fixed_at', 'is not', null)
      .orderBy('fixed_at')
      .limit(limit)
      .execute();
  }

  /** Claims the end's announcement once across processes. */
  async claimEndPush(challengeId: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('challenges')
      .set({ end_pushed: 1 })
      .where('id', '=', challengeId)
      .where('end_pushed', '=', 0)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The participants whose daily reminder is on, with their language: whom a start or end is pushed to. */
  participantsToPush(challengeId: string): Promise<Array<{ user_uuid: string; language: string | null }>> {
    return this.db
      .selectFrom('challenge_participants as p')
      .innerJoin('reminders', 'reminders.user_uuid', 'p.user_uuid')
      .innerJoin('users', 'users.uuid', 'p.user_uuid')
      .select(['p.user_uuid', 'users.language'])
      .where('p.challenge_id', '=', challengeId)
      .where('reminders.enabled', '=', 1)
      .execute();
  }

  findById(challengeId: string): Promise<ChallengeRow | undefined> {
    return this.db.selectFrom('challenges').selectAll().where('id', '=', challengeId).executeTakeFirst();
  }

  async deleteChallenge(challengeId: string): Promise<void> {
    await this.db.deleteFrom('challenges').where('id', '=', challengeId).execute();
  }

  /** The caller's participations and their fixed places (the export). */
  exportOf(userUuid: string) {
    return this.db
      .selectFrom('challenge_participants as p')
      .innerJoin('challenges', 'challenges.id', 'p.challenge_id')
      .leftJoin('challenge_results as r', (join) =>
        join.onRef('r.challenge_id', '=', 'p.challenge_id').onRef('r.user_uuid', '=', 'p.user_uuid'),
      )
      .select([
        'challenges.id',
        'challenges.group_id',
        'challenges.name',
        'challenges.kind',
        'challenges.target',
        'challenges.min_per_day',
        'challenges.start_day',
        'challenges.end_day',
        'p.joined_at',
        'r.total',
        'r.rank',
        'r.reached',
      ])
      .where('p.user_uuid', '=', userUuid)
      .orderBy('challenges.start_day')
      .orderBy('challenges.id')
      .execute();
  }
}
