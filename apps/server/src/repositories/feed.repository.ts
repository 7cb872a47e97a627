import { type Kysely, sql } from 'kysely';
import type { Database, GroupFeedRow } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';
import { NEVER_LOGGED } from './never-logged';
import { PreparedQuery } from './prepared-query';

export type NewFeedLine = Omit<GroupFeedRow, 'seq'>;

/** A line as a page shows it: the member's current name, whether they are still in the group, a day's sum and cheers. */
export interface FeedLineRow extends GroupFeedRow {
  username: string;
  in_group: number;
  /** A day line: the member's sum of that day now. */
  count: number | null;
  /** A day line: who cheered that day of the member (null for other lines). */
  givers: string[] | null;
  /** The member's day sums' revision (NEVER_LOGGED when they never logged). */
  revision: number;
}

/** A member's own part of a feed page: what a shared page is checked and completed with. */
export interface FeedViewerPart {
  /** The group's feed counter: the place of its newest line (0 before the first). */
  feedSeq: number;
  /** The viewer's day sums' revision (NEVER_LOGGED when they never logged). */
  revision: number;
  /** The member days the viewer cheered, from the day asked for on, as cheerKey gives them. */
  cheered: Set<string>;
}

/** The key of a cheered member day in FeedViewerPart.cheered. */
export const cheerKey = (receiverUuid: string, day: string) => `${receiverUuid}|${day}`;

export interface ReceivedCheerRow {
  giver_uuid: string;
  username: string;
  day: string;
  at: string;
}

/** A page of a group's feed with what each line shows (FeedRepository.page). */
const FEED_PAGE = new PreparedQuery(
  { groupId: 'string', before: 'number', limit: 'number' },
  (db, { groupId, before, limit }, engine) =>
    db
      .selectFrom('group_feed as f')
      .innerJoin('users', 'users.uuid', 'f.user_uuid')
      .leftJoin('user_days as d', (join) =>
        join.onRef('d.user_uuid', '=', 'f.user_uuid').onRef('d.day', '=', 'f.day'),
      )
      .leftJoin('group_members as gm', (join) =>
        join.onRef('gm.group_id', '=', 'f.group_id').onRef('gm.user_uuid', '=', 'f.user_uuid'),
      )
      .leftJoin('user_totals as t', 't.user_uuid', 'f.user_uuid')
      .selectAll('f')
      .select([
        'users.username',
        sql<number>`coalesce(t.revision, ${NEVER_LOGGED})`.as('revision'),
        sql<number>`case when gm.user_uuid is null then 0 else 1 end`.as('in_group'),
        'd.total as count',
        // The givers, not their number: a page shared by the members marks each viewer's own cheer.
        sql<string | null>`case when f.kind = 'day' then ${engine.jsonRows(
          [{ name: 'giver_uuid', bare: 'text' }],
          null,
          sql`from cheers c where c.receiver_uuid = f.user_uuid and c.day = f.day`,
        )} else null end`.as('cheer_givers'),
      ])
      .where('f.group_id', '=', groupId)
      .where('f.seq', '<', before)
      .where((eb) => eb.or([eb('f.kind', '<>', 'day'), eb('d.total', '>', 0)]))
      .orderBy('f.seq', 'desc')
      .limit(limit),
);

/**
 * A member's own part of their group's feed, in one statement through keys: the feed's counter, their
 * day sums' revision and the member days they cheered from `since` on (no row: not a member).
 */
const FEED_VIEWER_PART = new PreparedQuery(
  { groupId: 'string', viewerUuid: 'string', since: 'string' },
  (db, { groupId, viewerUuid, since }, engine) =>
    db
      .selectFrom('group_members as gm')
      .leftJoin('group_activity as a', 'a.group_id', 'gm.group_id')
      .leftJoin('user_totals as t', 't.user_uuid', 'gm.user_uuid')
      .select([
        sql<number>`coalesce(a.feed_seq, 0)`.as('feed_seq'),
        sql<number>`coalesce(t.revision, ${NEVER_LOGGED})`.as('revision'),
        engine
          .jsonRows(
            ['receiver_uuid', 'day'],
            null,
            sql`from cheers c where c.giver_uuid = ${viewerUuid} and c.day >= ${since}`,
          )
          .as('cheered'),
      ])
      .where('gm.group_id', '=', groupId)
      .where('gm.user_uuid', '=', viewerUuid),
);

/**
 * A group's feed (migration 0016) and cheers. A line's place (`seq`) comes from the group's counter in
 * group_activity, raised in the transaction of the write the line reports: lines are ordered by it
 * and paged by it, and it never changes (a day line is updated in place by being read with the
 * member's day sum of now).
 */
export class FeedRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  /**
   * The next place in the group's feed. The counter's row stays locked until commit: a transaction
   * that writes to several groups takes them sorted by id, so that such transactions never deadlock.
   */
  async nextSeq(groupId: string): Promise<number> {
    const row = await this.db
      .insertInto('group_activity')
      .values({ group_id: groupId, feed_seq: 1 })
      .onConflict((oc) =>
        oc.column('group_id').doUpdateSet((eb) => ({ feed_seq: eb('group_activity.feed_seq', '+', 1) })),
      )
      .returning('feed_seq')
      .executeTakeFirstOrThrow();
    return row.feed_seq;
  }

  /**
   * The next place in the feed of every group the user is in, in one statement (the day lines of a
   * log): the counters are raised in order of group id, so concurrent writers lock them in one order.
   */
  async nextSeqsOfUserGroups(userUuid: string): Promise<Array<{ group_id: string; feed_seq: number }>> {
    const rows = await this.db
      .insertInto('group_activity')
      .columns(['group_id', 'feed_seq'])
      .expression((eb) =>
        eb
          .selectFrom('group_members')
          .select(['group_members.group_id', eb.lit(1).as('feed_seq')])
          .where('group_members.user_uuid', '=', userUuid)
          .orderBy('group_members.group_id'),
      )
      .onConflict((oc) =>
        oc.column('group_id').doUpdateSet((eb) => ({ feed_seq: eb('group_activity.feed_seq', '+', 1) })),
      )
      .returning(['group_id', 'feed_seq'])
      .execute();
    return rows;
  }

  /** Writes these lines, each at its place; a line whose key its group already has is not written. */
  async insertLines(lines: readonly (NewFeedLine & { seq: number })[]): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insertInto('group_feed')
      .values([...lines])
      .onConflict((oc) => oc.columns(['group_id', 'line_key']).doNothing())
      .execute();
  }

  /**
   * Takes the counters' row locks of these groups (sorted by id) before a transaction writes lines to
   * several groups in an order of its own.
   */
  async lockCounters(groupIds: readonly string[]): Promise<void> {
    for (const groupId of [...new Set(groupIds)].sort()) {
      await this.db
        .insertInto('group_activity')
        .values({ group_id: groupId })
        .onConflict((oc) =>
          oc.column('group_id').doUpdateSet((eb) => ({ feed_seq: eb.ref('group_activity.feed_seq') })),
        )
        .execute();
    }
  }

  /** Writes a line at `seq`; a line whose key the group already has is not written again. */
  async insertLine(line: NewFeedLine, seq: number): Promise<void> {
    await this.db
      .insertInto('group_feed')
      .values({ ...line, seq })
      .onConflict((oc) => oc.columns(['group_id', 'line_key']).doNothing())
      .execute();
  }

  /** Whether the group already has a line with this key. */
  async hasLine(groupId: string, lineKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('group_feed')
      .select('seq')
      .where('group_id', '=', groupId)
      .where('line_key', '=', lineKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The ids of the groups the user is in, sorted. */
  async groupsOf(userUuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('group_members')
      .select('group_id')
      .where('user_uuid', '=', userUuid)
      .orderBy('group_id')
      .execute();
    return rows.map((row) => row.group_id);
  }

  /**
   * Up to `limit` lines of the group before place `before` (none: the newest), newest first: one
   * range of the feed's key, one prepared statement (decision 029). A day line whose day has no
   * push-ups left is left out.
   */
  async page(groupId: string, before: number | null, limit: number): Promise<FeedLineRow[]> {
    const rows = await FEED_PAGE.execute(this.db, this.engine, {
      groupId,
      // Past every place (an integer column: PostgreSQL's int4 holds up to 2^31 - 1).
      before: before ?? 2_147_483_647,
      limit,
    });
    return rows.map(({ cheer_givers, ...row }) => ({
      ...row,
      revision: Number(row.revision),
      givers: cheer_givers === null ? null : (JSON.parse(cheer_givers) as [string][]).map(([giver]) => giver),
    }));
  }

  /** The group's feed counter: the place of its newest line (0 before the first). */
  async feedSeq(groupId: string): Promise<number> {
    const row = await this.db
      .selectFrom('group_activity')
      .select('feed_seq')
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return Number(row?.feed_seq ?? 0);
  }

  /** The viewer's own part of the group's feed (FEED_VIEWER_PART); undefined: not a member. */
  async viewerPart(groupId: string, viewerUuid: string, since: string): Promise<FeedViewerPart | undefined> {
    const [row] = await FEED_VIEWER_PART.execute(this.db, this.engine, { groupId, viewerUuid, since });
    if (!row) return undefined;
    const cheered = JSON.parse(row.cheered) as [string, string][];
    return {
      feedSeq: Number(row.feed_seq),
      revision: Number(row.revision),
      cheered: new Set(cheered.map(([receiver, day]) => cheerKey(receiver, day))),
    };
  }

  /** Gives a cheer; false when the giver already cheered that day of that member. */
  async giveCheer(giverUuid: string, receiverUuid: string, day: string, at: string): Promise<boolean> {
    const rows = await this.db
      .insertInto('cheers')
      .values({ giver_uuid: giverUuid, receiver_uuid: receiverUuid, day, at })
      .onConflict((oc) => oc.columns(['giver_uuid', 'receiver_uuid', 'day']).doNothing())
      .returning('day')
      .execute();
    return rows.length > 0;
  }

  async takeBackCheer(giverUuid: string, receiverUuid: string, day: string): Promise<void> {
    await this.db
      .deleteFrom('cheers')
      .where('giver_uuid', '=', giverUuid)
      .where('receiver_uuid', '=', receiverUuid)
      .where('day', '=', day)
      .execute();
  }

  /** The cheers a user received for days from `from` on, newest first. */
  received(receiverUuid: string, from: string, limit: number): Promise<ReceivedCheerRow[]> {
    return this.db
      .selectFrom('cheers')
      .innerJoin('users', 'users.uuid', 'cheers.giver_uuid')
      .select(['cheers.giver_uuid', 'users.username', 'cheers.day', 'cheers.at'])
      .where('cheers.receiver_uuid', '=', receiverUuid)
      .where('cheers.day', '>=', from)
      .orderBy('cheers.day', 'desc')
      .orderBy('cheers.at', 'desc')
      .orderBy('cheers.giver_uuid')
      .limit(limit)
      .execute();
  }

  async pushOnCheer(userUuid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('cheer_settings')
      .select('push')
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return row?.push === 1;
  }

  async setPushOnCheer(userUuid: string, push: boolean): Promise<void> {
    const value = push ? 1 : 0;
    await this.db
      .insertInto('cheer_settings')
      .values({ user_uuid: userUuid, push: value })
      .onConflict((oc) => oc.column('user_uuid').doUpdateSet({ push: value }))
      .execute();
  }

  /** The cheers the user gave and received (the export). */
  cheersOf(userUuid: string) {
    return this.db
      .selectFrom('cheers')
      .select(['giver_uuid', 'receiver_uuid', 'day', 'at'])
      .where((eb) => eb.or([eb('giver_uuid', '=', userUuid), eb('receiver_uuid', '=', userUuid)]))
      .orderBy('day')
      .orderBy('at')
      .execute();
  }
}
