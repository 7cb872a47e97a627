import { randomUUID } from 'node:crypto';
import {
  addDays,
  type ChallengePage,
  type ChallengeParticipant,
  type ChallengeSettings,
  type ChallengeSummary,
  type CreateChallengeBody,
  DELETED_USER_NAME,
  dayInZone,
  type FeedPerson,
  type GroupChallenges,
  MESSAGES,
  type MyChallenges,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type {
  ChallengeListRow,
  ChallengeRow,
  ParticipantTotalRow,
} from '../../repositories/challenges.repository';
import { lockAsAdmin, requireMember } from '../groups/group-access';
import type { Clock } from '../reminders/reminder-context';
import { canonicalZone } from '../reminders/reminder-context';
import { fixResultIfDue } from './challenge-results';
import { challengeWindow, daysLeft, paceOf, standings, statusFor } from './challenge-rules';
import { writeChallengeLine } from './feed-writes';

/** The finished challenges a group's list shows, newest first. */
const FINISHED_LISTED = 50;

const challengeNotFound = () => new AppError('NOT_FOUND', MESSAGES.challengeNotFound);
const challengeOver = () => new AppError('CONFLICT', MESSAGES.challengeOver);

function summaryOf(row: ChallengeListRow, today: string): ChallengeSummary {
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    name: row.name,
    kind: row.kind,
    target: row.target,
    minPerDay: row.min_per_day,
    startDay: row.start_day,
    endDay: row.end_day,
    status: statusFor(row, today),
    participantCount: Number(row.participant_count),
    joined: Number(row.joined) === 1,
    createdBy:
      row.created_by && row.creator_username
        ? { uuid: row.created_by, username: row.creator_username }
        : null,
    createdAt: row.created_at,
  };
}

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

  async create(auth: AuthContext, groupId: string, body: CreateChallengeBody): Promise<ChallengePage> {
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
    return this.page(auth, groupId, id);
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
  private async fixDue(rows: readonly ChallengeRow[]): Promise<boolean> {
    const now = this.now().iso;
    let fixed = false;
    for (const row of rows) {
      if (row.fixed_at === null && row.ends_at <= now)
        fixed = (await fixResultIfDue(this.repos, row.id, now)) || fixed;
    }
    return fixed;
  }

  async page(auth: AuthContext, groupId: string, challengeId: string): Promise<ChallengePage> {
    const { userUuid } = await requireMember(this.repos, auth, groupId);
    let row = await this.repos.challenges.listOne(challengeId, userUuid);
    if (!row || row.group_id !== groupId) throw challengeNotFound();
    if (await this.fixDue([row])) row = (await this.repos.challenges.listOne(challengeId, userUuid)) ?? row;
    const today = this.today(auth);
    const summary = summaryOf(row, today);
    const left = daysLeft(row, today);
    if (row.fixed_at !== null) return this.fixedPage(summary, row, userUuid);

    const totals = await this.repos.challenges.participantTotals(
      row.id,
      row.start_day,
      row.end_day,
      row.min_per_day,
    );
    const result = standings(row.kind, row.target, totals);
    const todays = await this.todaysSums(row, totals);
    const person = (p: ParticipantTotalRow): FeedPerson => ({ uuid: p.user_uuid, username: p.username });
    const participants: ChallengeParticipant[] = result.rows.map((r) => ({
      person: person(r.participant),
      total: r.total,
      rank: r.rank,
      share: row.kind === 'everyone' && row.target ? r.total / row.target : null,
      reached: r.reached,
      today: todays.get(r.participant.user_uuid) ?? 0,
      isCurrentUser: r.participant.user_uuid === userUuid,
    }));
    let leader: ChallengePage['todaysLeader'] = null;
    if (summary.status === 'running') {
      for (const r of result.rows) {
        const today = todays.get(r.participant.user_uuid) ?? 0;
        if (today > 0 && (leader === null || today > leader.today))
          leader = { person: person(r.participant), today };
      }
    }
    const mine = totals.find((p) => p.user_uuid === userUuid);
    return {
      ...summary,
      daysLeft: left,
      groupTotal: result.groupTotal,
      participants,
      todaysLeader: leader,
      pace:
        mine && summary.status !== 'finished'
          ? paceOf(row.kind, row.target, mine.total, result.groupTotal, left)
          : null,
      result: null,
    };
  }

  /** Each participant's push-ups today in their own zone (0 outside the window or under the minimum). */
  private async todaysSums(challenge: ChallengeRow, totals: readonly ParticipantTotalRow[]) {
    const now = new Date(this.clock());
    const pairs = totals.map((p) => ({ userUuid: p.user_uuid, day: dayInZone(now, p.time_zone) }));
    const inWindow = pairs.filter((p) => p.day >= challenge.start_day && p.day <= challenge.end_day);
    const sums = await this.repos.challenges.daySums(inWindow);
    const min = challenge.min_per_day ?? 1;
    return new Map(
      inWindow.map((p) => {
        const sum = sums.get(`${p.userUuid}|${p.day}`) ?? 0;
        return [p.userUuid, sum >= min ? sum : 0];
      }),
    );
  }

  /** A fixed result, read from its own rows: the days are never read again. */
  private async fixedPage(
    summary: ChallengeSummary,
    row: ChallengeRow,
    userUuid: string,
  ): Promise<ChallengePage> {
    const results = await this.repos.challenges.results(row.id);
    const person = (r: (typeof results)[number]): FeedPerson =>
      r.user_uuid === null || r.username === null
        ? { uuid: null, username: DELETED_USER_NAME }
        : { uuid: r.in_group === 1 ? r.user_uuid : null, username: r.username };
    const groupTotal = results.reduce((sum, r) => sum + r.total, 0);
    const participants: ChallengeParticipant[] = results.map((r) => ({
      person: person(r),
      total: r.total,
      rank: r.rank,
      share: row.kind === 'everyone' && row.target ? r.total / row.target : null,
      reached: r.reached === 1,
      today: null,
      isCurrentUser: r.user_uuid === userUuid,
    }));
    const winners = row.kind === 'race' ? results.filter((r) => r.reached === 1).map(person) : [];
    const reachedTarget =
      row.kind === 'race'
        ? winners.length > 0
        : row.kind === 'everyone'
          ? results.length > 0 && results.every((r) => r.reached === 1)
          : groupTotal >= (row.target ?? 0);
    return {
      ...summary,
      status: 'finished',
      daysLeft: 0,
      groupTotal,
      participants,
      todaysLeader: null,
      pace: null,
      result: { fixedAt: row.fixed_at ?? '', winners, reachedTarget, groupTotal },
    };
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
