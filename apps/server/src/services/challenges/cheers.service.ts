import {
  addDays,
  CHEER_DAYS_BACK,
  type CheerSettings,
  type Cheers,
  dayInZone,
  MESSAGES,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import { memberNotFound, requireMember } from '../groups/group-access';
import type { Clock } from '../reminders/reminder-context';
import type { GroupPush } from './group-push';

/** GET /api/cheers lists at most this many. */
const CHEERS_LISTED = 50;

/**
 * Cheers (docs/product.md, "Group challenges, cheers and the feed"): a member cheers another member's
 * day, once per giver, member and day (the database's key holds it, however many arrive at once),
 * and may take it back. The cheered member sees who did, and gets a push when they asked for it.
 */
export class CheersService {
  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    private readonly push: GroupPush | null,
  ) {}

  async cheer(auth: AuthContext, groupId: string, receiverUuid: string, day: string): Promise<void> {
    const { userUuid } = await requireMember(this.repos, auth, groupId);
    if (receiverUuid === userUuid) throw new AppError('BAD_REQUEST', MESSAGES.cheerSelf);
    // The receiver's day: a day of the last week, or tomorrow for a member in a zone ahead.
    const today = dayInZone(new Date(this.clock()), auth.timezone);
    if (day < addDays(today, -CHEER_DAYS_BACK) || day > addDays(today, 1)) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.cheerDayOutOfRange);
    }
    if (!(await this.repos.memberships.roleOf(groupId, receiverUuid))) throw memberNotFound();
    const given = await this.repos.feed.giveCheer(
      userUuid,
      receiverUuid,
      day,
      new Date(this.clock()).toISOString(),
    );
    if (given && this.push && (await this.repos.feed.pushOnCheer(receiverUuid))) {
      const giver = await this.repos.users.findByUuid(userUuid);
      this.push.startCheer(receiverUuid, giver?.username ?? '');
    }
  }

  async takeBack(auth: AuthContext, groupId: string, receiverUuid: string, day: string): Promise<void> {
    const { userUuid } = await requireMember(this.repos, auth, groupId);
    await this.repos.feed.takeBackCheer(userUuid, receiverUuid, day);
  }

  async received(auth: AuthContext): Promise<Cheers> {
    if (!auth.userUuid) return { pushOnCheer: false, received: [] };
    const today = dayInZone(new Date(this.clock()), auth.timezone);
    const [pushOnCheer, rows] = await Promise.all([
      this.repos.feed.pushOnCheer(auth.userUuid),
      this.repos.feed.received(auth.userUuid, addDays(today, -CHEER_DAYS_BACK), CHEERS_LISTED),
    ]);
    return {
      pushOnCheer,
      received: rows.map((row) => ({
        from: { uuid: row.giver_uuid, username: row.username },
        day: row.day,
        at: row.at,
      })),
    };
  }

  async setSettings(auth: AuthContext, body: CheerSettings): Promise<CheerSettings> {
    if (!auth.userUuid) throw userNotFound();
    await this.repos.feed.setPushOnCheer(auth.userUuid, body.pushOnCheer);
    return body;
  }
}
