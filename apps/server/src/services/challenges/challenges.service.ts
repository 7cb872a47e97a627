import { randomUUID } from 'node:crypto';
import {
  addDays,
  type ChallengeSettings,
  type ChallengeSummary,
  type CreateChallengeBody,
  dayInZone,
  type GroupChallenges,
  MESSAGES,
  type MyChallenges,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type { ChallengeRow } from '../../repositories/challenges.repository';
import { lockAsAdmin, requireMember } from '../groups/group-access';
import { type Clock, canonicalZone } from '../reminders/reminder-context';
import { summaryOf } from './challenge-page';
import { fixResultIfDue } from './challenge-results';
import { challengeWindow, daysLeft, standings } from './challenge-rules';
import { writeChallengeLine } from './feed-writes';

/** The finished challenges a group's list shows, newest first. */
const FINISHED_LISTED = 50;

export const challengeNotFound = () => new AppError('NOT_FOUND', MESSAGES.challengeNotFound);
const challengeOver = () => new AppError('CONFLICT', MESSAGES.challengeOver);

/**
 * Group challenges (docs/product.md, "Group challenges, cheers and the feed"): creating, listing,
 * joining, leaving and deleting them, and a challenge's page. Members only. Locks follow the groups'
 * order: the group's row, then the challenge's, then the feed's counters.
 */
export class ChallengesService {
  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
  ) {}

  private now(): { iso: string; ms: number } {
    const ms = this.clock();
    return { iso: new Date(ms).toISOString(), ms };
  }

  private today(auth: AuthContext): string {
    return dayInZone(new Date(this.clock()), auth.timezone);
  }

  /** Creates a challenge with its creator in it; answers its id (the route answers its page). */
  async create(auth: AuthContext, groupId: string, body: CreateChallengeBody): Promise<string> {
    const today = this.today(auth);
    if (body.startDay < addDays(today, -1)) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.challengeStartTooEarly);
    }
    const id = randomUUID();
    const zone = canonicalZone(auth.timezone);
    await this.repos.transaction(async (repos) => {
      await repos.groups.lockGroup(groupId);
      const { role, userUuid } = await requireMember(repos, auth, groupId);
      if (role !== 'admin' && !(await repos.challenges.membersMayCreate(groupId))) {
        throw new AppError('FORBIDDEN', MESSAGES.challengeCreateAdminsOnly);
      }
      const now = this.now().iso;
      const window = challengeWindow(body.startDay, body.endDay, [zone]);
      const challenge = {
        id,
        group_id: groupId,
        created_by: userUuid,
        name: body.name,
        kind: body.kind,
        target: body.target ?? null,
        min_per_day: body.minPerDay ?? null,
        start_day: body.startDay,
        end_day: body.endDay,
        starts_at: window.startsAt,
        ends_at: window.endsAt,
        fixed_at: null,
        created_at: now,
      };
      await repos.challenges.insertChallenge(challenge);
      await repos.challenges.addParticipant(id, userUuid, zone, now);
      await writeChallengeLine(repos, 'challenge-created', challenge, userUuid, now);
    });
    return id;
  }

  async list(auth: AuthContext, groupId: string): Promise<GroupChallenges> {
    const { role, userUuid } = await requireMember(this.repos, auth, groupId);
    const today = this.today(auth);
    let rows = await this.repos.challenges.listOfGroup(groupId, userUuid, FINISHED_LISTED);
    if (await this.fixDue(rows))
      rows = await this.repos.challenges.listOfGroup(groupId, userUuid, FINISHED_LISTED);
    const membersMayCreate = await this.repos.challenges.membersMayCreate(groupId);
    const lists: GroupChallenges = {
      membersMayCreateChallenges: membersMayCreate,
      canCreate: role === 'admin' || membersMayCreate,
      upcoming: [],
      running: [],
      finished: [],
    };
    const finished: ChallengeSummary[] = [];
    for (const row of rows) {
      const summary = summaryOf(row, today);
      if (summary.status === 'finished') finished.push(summary);
      else lists[summary.status].push(summary);
    }
    lists.finished = finished.sort((a, b) => (a.endDay === b.endDay ? 0 : a.endDay > b.endDay ? -1 : 1));
    return lists;
  }

  /** Fixes the results whose end has passed everywhere (the first read after the end does it). */
  async fixDue(rows: readonly ChallengeRow[]): Promise<boolean> {
    const now = this.now().iso;
    let fixed = false;
    for (const row of rows) {
      if (row.fixed_at === null && row.ends_at <= now)
        fixed = (await fixResultIfDue(this.repos, row.id, now)) || fixed;
    }
    return fixed;
  }

  /** Joins until the end (the caller's end day); joining again changes nothing. */
  async join(auth: AuthContext, groupId: string, challengeId: string): Promise<void> {
    const today = this.today(auth);
    const zone = canonicalZone(auth.timezone);
    await this.repos.transaction(async (repos) => {
      // After the group's lock: a member removed at this moment is no longer one here.
      await repos.groups.lockGroup(groupId);
      const { userUuid } = await requireMember(repos, auth, groupId);
      await repos.challenges.lockChallenge(challengeId);
      const challenge = await repos.challenges.findChallenge(groupId, challengeId);
      if (!challenge) throw challengeNotFound();
      if (challenge.fixed_at !== null || today > challenge.end_day) throw challengeOver();
      const now = this.now().iso;
      if (!(await repos.challenges.addParticipant(challengeId, userUuid, zone, now))) return;
      await moveWindow(repos, challenge);
      await writeChallengeLine(repos, 'challenge-joined', challenge, userUuid, now);
    });
  }

  /** Leaves before the result is fixed; not taking part changes nothing. */
  async leave(auth: AuthContext, groupId: string, challengeId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await repos.groups.lockGroup(groupId);
      const { userUuid } = await requireMember(repos, auth, groupId);
      await repos.challenges.lockChallenge(challengeId);
      const challenge = await repos.challenges.findChallenge(groupId, challengeId);
      if (!challenge) throw challengeNotFound();
      if (challenge.fixed_at !== null) throw challengeOver();
      if (await repos.challenges.removeParticipant(challengeId, userUuid)) await moveWindow(repos, challenge);
    });
  }

  /** Admins at any time; the creator before the start (in their days). */
  async remove(auth: AuthContext, groupId: string, challengeId: string): Promise<void> {
    const today = this.today(auth);
    await this.repos.transaction(async (repos) => {
      await repos.groups.lockGroup(groupId);
      const { role, userUuid } = await requireMember(repos, auth, groupId);
      const challenge = await repos.challenges.findChallenge(groupId, challengeId);
      if (!challenge) throw challengeNotFound();
      const creatorBeforeStart = challenge.created_by === userUuid && today < challenge.start_day;
      if (role !== 'admin' && !creatorBeforeStart) {
        throw new AppError('FORBIDDEN', MESSAGES.challengeDeleteNotAllowed);
      }
      await repos.challenges.deleteChallenge(challengeId);
    });
  }

  async setSettings(auth: AuthContext, groupId: string, body: ChallengeSettings): Promise<ChallengeSettings> {
    await this.repos.transaction(async (repos) => {
      await lockAsAdmin(repos, auth, groupId);
      await repos.challenges.setMembersMayCreate(groupId, body.membersMayCreateChallenges);
    });
    return body;
  }

  /** The caller's running challenges across their groups, with their total and rank (the dashboard). */
  async running(auth: AuthContext): Promise<MyChallenges> {
    if (!auth.userUuid) return [];
    const userUuid = auth.userUuid;
    let rows = await this.repos.challenges.openOfUser(userUuid);
    if (await this.fixDue(rows)) rows = await this.repos.challenges.openOfUser(userUuid);
    const today = this.today(auth);
    const answer: MyChallenges = [];
    for (const row of rows) {
      const summary = summaryOf(row, today);
      if (summary.status !== 'running') continue;
      const totals = await this.repos.challenges.participantTotals(
        row.id,
        row.start_day,
        row.end_day,
        row.min_per_day,
      );
      const result = standings(row.kind, row.target, totals);
      const mine = result.rows.find((r) => r.participant.user_uuid === userUuid);
      answer.push({
        ...summary,
        myTotal: mine?.total ?? 0,
        myRank: mine?.rank ?? result.rows.length,
        groupTotal: result.groupTotal,
        daysLeft: daysLeft(row, today),
      });
    }
    return answer;
  }
}

/** The challenge's window after its participants changed (kept when none is left). */
async function moveWindow(repos: Repositories, challenge: ChallengeRow): Promise<void> {
  const zones = await repos.challenges.participantZones(challenge.id);
  if (zones.length === 0) return;
  const window = challengeWindow(challenge.start_day, challenge.end_day, zones);
  await repos.challenges.setWindow(challenge.id, window.startsAt, window.endsAt);
}

/**
 * Leaving a group (or being removed, or deleting the account) leaves its challenges whose result is
 * not fixed yet, in the departure's transaction, which holds the group's row.
 */
export async function leaveOpenChallenges(
  repos: Repositories,
  groupId: string,
  userUuid: string,
): Promise<void> {
  for (const challengeId of await repos.challenges.openOfUserInGroup(groupId, userUuid)) {
    await repos.challenges.lockChallenge(challengeId);
    const challenge = await repos.challenges.findById(challengeId);
    if (!challenge || challenge.fixed_at !== null) continue;
    if (await repos.challenges.removeParticipant(challengeId, userUuid)) await moveWindow(repos, challenge);
  }
}
