import { ACHIEVEMENT_IDS, type AchievementId, type FeedLine, type FeedPage, MESSAGES } from '@pushup/shared';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Repositories } from '../repositories';
import type { FeedLineRow } from '../repositories/feed.repository';
import { requireMember } from '../services/groups/group-access';
import { SerializedBody } from './serialized-body';

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

function lineOf(row: FeedLineRow): FeedLine {
  const day = row.kind === 'day';
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
    cheers: day ? Number(row.cheers ?? 0) : null,
    cheeredByMe: day ? Number(row.cheered_by_me ?? 0) === 1 : null,
  };
}

/**
 * GET /api/groups/:id/feed (docs/product.md, "Group challenges, cheers and the feed"), for members
 * only: newest first, paged by the lines' places, which never change, so a page never repeats or
 * skips a line while new ones arrive above it. Nothing is cached; the membership is one row through
 * its key, and the answer is serialized as it is.
 */
export class GroupFeedRead {
  constructor(private readonly repos: Repositories) {}

  async page(
    auth: AuthContext,
    groupId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<SerializedBody<FeedPage>> {
    const before = query.cursor === undefined ? null : placeOf(query.cursor);
    const userUuid = auth.userUuid ?? '';
    // A member is known by their row alone; anyone else is told why (no group, or not a member).
    if (!(await this.repos.memberships.roleOf(groupId, userUuid)))
      await requireMember(this.repos, auth, groupId);
    const rows = await this.repos.feed.page(groupId, before, query.limit, userUuid);
    const last = rows.at(-1);
    return SerializedBody.of<FeedPage>({
      lines: rows.map(lineOf),
      nextCursor: rows.length === query.limit && last ? cursorOf(last.seq) : null,
    });
  }
}
