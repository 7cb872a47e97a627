import { ACHIEVEMENT_IDS, type AchievementId, type FeedLine, type FeedPage, MESSAGES } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { CacheCounter } from '../metrics/app-metrics';
import type { Repositories } from '../repositories';
import { cheerKey, type FeedLineRow, type FeedViewerPart } from '../repositories/feed.repository';
import { requireMember } from '../services/groups/group-access';
import { SerializedBody } from './serialized-body';
import { type FinishedTransactions, ShortLivedCache } from './short-lived-cache';

const badCursor = () => new AppError('VALIDATION_ERROR', MESSAGES.feedCursorInvalid);

/** The cursor of the lines before place `seq`: opaque to the client, the place in base64url. */
function cursorOf(seq: number): string {
  return Buffer.from(`feed:${seq}`).toString('base64url');
}

function placeOf(cursor: string): number {
  const match = /^feed:([1-9]\d{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const place = Number(match?.[1]);
  // Places are integers of the database (PostgreSQL's int4): anything past them is no cursor of ours.
  if (!match || place > 2_147_483_647) throw badCursor();
  return place;
}

const isAchievementId = (id: string | null): id is AchievementId =>
  id !== null && (ACHIEVEMENT_IDS as readonly string[]).includes(id);

/**
 * A line as `viewerUuid` sees it. `cheeredNow`: whether the viewer cheered the line's day, read just
 * now for a shared page (whose givers may be up to SHORT_LIVED_MS old); the count follows it.
 */
function lineOf(row: FeedLineRow, viewerUuid: string, cheeredNow?: (row: FeedLineRow) => boolean): FeedLine {
  const day = row.kind === 'day';
  const givers = row.givers ?? [];
  const mine = cheeredNow ? cheeredNow(row) : givers.includes(viewerUuid);
  const others = givers.length - (givers.includes(viewerUuid) ? 1 : 0);
  return {
    id: String(row.seq),
    kind: row.kind,
    at: row.at,
    // A member no longer in the group keeps their name, without a link (docs/product.md).
    person: { uuid: row.in_group === 1 ? row.user_uuid : null, username: row.username },
    day: row.day,
    count: day ? (row.count ?? 0) : null,
    achievementId: isAchievementId(row.achievement_id) ? row.achievement_id : null,
    challenge: row.challenge_name === null ? null : { id: row.challenge_id, name: row.challenge_name },
    cheers: day ? others + (mine ? 1 : 0) : null,
    cheeredByMe: day ? mine : null,
  };
}

/** How many lines of groups' newest pages a process caches: about 300 bytes each, so about 15 MB. */
const LINES_CACHED = 50_000;

/** A group's newest lines as every member sees them, but for whom each member cheered. */
interface SharedPage {
  rows: FeedLineRow[];
  /** The group's feed counter before the lines were read: a newer line raises it. */
  feedSeq: number;
  /** The oldest day of its day lines: the viewer's cheers are read from it on. */
  since: string;
}

/** A day later than every day: no cheers to read. */
const NO_DAY = '9999-12-31';

/**
 * GET /api/groups/:id/feed (docs/product.md, "Group challenges, cheers and the feed"), for members
 * only: newest first, paged by the lines' places, which never change, so a page never repeats or
 * skips a line while new ones arrive above it. The newest page (the one every visit asks for) is
 * shared by the group's members for a short time (STALENESS.shortLived, as the group pages' member
 * lists): a read first reads the viewer's own part in one statement through keys (membership, the
 * feed's counter, their day sums' revision, whom they cheered), and reads the lines again when a
 * line was added since or the viewer's own day changed, so nobody sees their own lines or cheers
 * late and a removed member is refused at once. Older pages are read afresh. The answer is
 * serialized as it is.
 */
export class GroupFeedRead {
  private readonly pages: ShortLivedCache<SharedPage>;

  constructor(
    private readonly repos: Repositories,
    transactions: FinishedTransactions,
    counter: CacheCounter,
  ) {
    this.pages = new ShortLivedCache((key) => this.load(key), transactions, {
      capacity: LINES_CACHED,
      sizeOf: (page) => 1 + page.rows.length,
      counter,
    });
  }

  async page(
    auth: AuthContext,
    groupId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<SerializedBody<FeedPage>> {
    const userUuid = auth.userUuid ?? '';
    if (query.cursor !== undefined) {
      const before = placeOf(query.cursor);
      // A member is known by their row alone; anyone else is told why (no group, or not a member).
      if (!(await this.repos.memberships.roleOf(groupId, userUuid)))
        await requireMember(this.repos, auth, groupId);
      const rows = await this.repos.feed.page(groupId, before, query.limit);
      return answerOf(rows, query.limit, userUuid);
    }
    const key = `${query.limit}:${groupId}`;
    let shared = this.pages.peek(key);
    let own = await this.ownPart(auth, groupId, shared?.since ?? NO_DAY);
    if (shared && (own.feedSeq !== shared.feedSeq || ownLinesOlder(shared, userUuid, own.revision))) {
      shared = undefined;
    }
    if (shared) this.pages.counter.hit();
    else {
      shared = await this.pages.fresh(key);
      own = await this.ownPart(auth, groupId, shared.since);
    }
    const { cheered } = own;
    return answerOf(shared.rows, query.limit, userUuid, (row) =>
      cheered.has(cheerKey(row.user_uuid, row.day ?? '')),
    );
  }

  /** The caller's own part of the feed; for anyone but a member, requireMember says why (404 or 403). */
  private async ownPart(auth: AuthContext, groupId: string, since: string): Promise<FeedViewerPart> {
    const own = await this.repos.feed.viewerPart(groupId, auth.userUuid ?? '', since);
    if (own) return own;
    await requireMember(this.repos, auth, groupId);
    // A member by now, who joined after the first read: read again.
    return this.ownPart(auth, groupId, since);
  }

  /** A group's newest page for everyone (key: `limit:groupId`), with nobody's cheers marked. */
  private async load(key: string): Promise<SharedPage> {
    const colon = key.indexOf(':');
    const limit = Number(key.slice(0, colon));
    const groupId = key.slice(colon + 1);
    // The counter first: a line added after it was read makes the next read load again.
    const feedSeq = await this.repos.feed.feedSeq(groupId);
    const rows = await this.repos.feed.page(groupId, null, limit);
    let since = NO_DAY;
    for (const row of rows) if (row.kind === 'day' && row.day !== null && row.day < since) since = row.day;
    return { rows, feedSeq, since };
  }
}

/** Whether the page holds lines of the viewer from before their latest write of a day sum. */
function ownLinesOlder(shared: SharedPage, userUuid: string, revision: number): boolean {
  return shared.rows.some((row) => row.user_uuid === userUuid && row.revision !== revision);
}

function answerOf(
  rows: readonly FeedLineRow[],
  limit: number,
  viewerUuid: string,
  cheeredNow?: (row: FeedLineRow) => boolean,
): SerializedBody<FeedPage> {
  const last = rows.at(-1);
  return SerializedBody.of<FeedPage>({
    lines: rows.map((row) => lineOf(row, viewerUuid, cheeredNow)),
    nextCursor: rows.length === limit && last ? cursorOf(last.seq) : null,
  });
}
