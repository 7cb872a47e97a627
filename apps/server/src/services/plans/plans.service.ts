import { randomUUID } from 'node:crypto';
import {
  abandonPlan,
  addDays,
  changeLevel,
  dayInZone,
  MESSAGES,
  type MemberPlan,
  type PlacementTest,
  type PlacementTestBody,
  type PlanActionBody,
  type PlanLevel,
  type PlanProgress,
  type PlanSettings,
  type PlanState,
  pausePlan,
  proposePlan,
  resumePlan,
  type StartPlanBody,
  sessionCount,
  type startPlanBodySchema,
  startProgress,
  trainingWeekdays,
  type Weekday,
} from '@pushup/shared';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import { NO_WORKOUT_DAYS } from '../../repositories/plans.repository';
import { memberNotFound, requireMember } from '../groups/group-access';
import { entryDate } from '../pushups/log-entry';
import { progressOf, progressText, settingsOf, settingsText, toPlacementTest } from './plan-rows';
import { calendarRange, planConflict, planStateOf, shownPlan } from './plan-state';

/** GET /api/plan/tests answers at most this many, newest first. */
const TESTS_LISTED = 100;
/** A plan may start this many days before the caller's today at the earliest, ... */
const START_DAYS_BACK = 7;
/** ... and this many after it at the latest. */
const START_DAYS_AHEAD = 30;

type StartPlan = z.output<typeof startPlanBodySchema>;

/**
 * Training plans (docs/product.md, "Training plans: calls"): the caller's one plan, its actions, the
 * placement tests, and a group member's shared plan. The rules of a plan are the progression's of
 * packages/shared (plans/); this keeps the rows and checks who may see what. A write locks the
 * caller's user row first, as every write of a user's rows does.
 */
export class PlansService {
  constructor(private readonly repos: Repositories) {}

  /** GET /api/plan: the caller's plan today (their newest, unless abandoned) and their newest test. */
  async state(userUuid: string, today: string): Promise<PlanState> {
    return this.stateOf(this.repos, userUuid, today);
  }

  private async stateOf(repos: Repositories, userUuid: string, today: string): Promise<PlanState> {
    const days = calendarRange(today);
    const { plan, test, workouts } = await repos.plans.newestOf(userUuid, days);
    if (!shownPlan(plan)) return planStateOf(today, plan, [], test);
    // A plan that ended before the calendar's first day: its latest workout bounds its missed days.
    const ended = plan.status === 'finished' && !workouts.some((w) => w.day >= days.from);
    const latest = ended ? await repos.plans.latestWorkoutOf(plan.id) : undefined;
    return planStateOf(today, plan, latest ? [latest, ...workouts] : workouts, test);
  }

  /**
   * PUT /api/plan: starts a plan on a day from 7 days ago to 30 days ahead (in the caller's zone).
   * An active or paused plan ends as abandoned in the same transaction.
   */
  async start(auth: AuthContext, body: StartPlanBody): Promise<PlanState> {
    const input = body as StartPlan;
    const now = new Date();
    const today = dayInZone(now, auth.timezone);
    if (input.startDay < addDays(today, -START_DAYS_BACK)) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.planStartTooEarly);
    }
    if (input.startDay > addDays(today, START_DAYS_AHEAD)) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.planStartTooLate);
    }
    const settings: PlanSettings = {
      planId: input.planId,
      level: input.level as PlanLevel,
      startDay: input.startDay,
      weekdays: trainingWeekdays(input.planId, input.weekdays as Weekday[]),
      ...(input.daily ? { daily: input.daily } : {}),
      ...(input.custom ? { custom: input.custom } : {}),
    };
    const at = now.toISOString();
    return this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const open = await repos.plans.openPlanOf(userUuid);
      if (open) {
        await repos.plans.updatePlan(open.id, {
          status: 'abandoned',
          progress: progressText(abandonPlan(progressOf(open))),
          updated_at: at,
        });
      }
      const progress = startProgress(settings);
      await repos.plans.insertPlan({
        id: randomUUID(),
        user_uuid: userUuid,
        status: progress.status,
        settings: settingsText(settings),
        progress: progressText(progress),
        shared: input.shared ? 1 : 0,
        // Later than the plan it replaces, even within one millisecond: the newest plan is the shown one.
        created_at: open && open.created_at >= at ? laterThan(open.created_at) : at,
        updated_at: at,
      });
      return this.stateOf(repos, userUuid, today);
    });
  }

  /** PATCH /api/plan: pause, resume, abandon, change the level of, or share the active or paused plan. */
  async act(auth: AuthContext, body: PlanActionBody): Promise<PlanState> {
    const now = new Date();
    const today = dayInZone(now, auth.timezone);
    return this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const plan = await repos.plans.openPlanOf(userUuid);
      if (!plan) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
      let progress: PlanProgress = progressOf(plan);
      let shared = plan.shared;
      try {
        if (body.action === 'pause') progress = pausePlan(progress, today);
        else if (body.action === 'resume') progress = resumePlan(progress, today);
        else if (body.action === 'abandon') progress = abandonPlan(progress);
        else if (body.action === 'level') progress = changeLevel(progress, body.level as PlanLevel);
        else shared = body.shared ? 1 : 0;
      } catch (error) {
        throw planConflict(error, {
          'not-active': body.action === 'pause' ? MESSAGES.planAlreadyPaused : MESSAGES.planNotPaused,
        });
      }
      await repos.plans.updatePlan(plan.id, {
        status: progress.status,
        progress: progressText(progress),
        shared,
        updated_at: now.toISOString(),
      });
      return this.stateOf(repos, userUuid, today);
    });
  }

  /** GET /api/plan/tests: the caller's tests, newest first. */
  async tests(auth: AuthContext): Promise<PlacementTest[]> {
    if (!auth.userUuid) throw userNotFound();
    return (await this.repos.plans.testsOf(auth.userUuid, TESTS_LISTED)).map(toPlacementTest);
  }

  /**
   * POST /api/plan/tests: keeps a test under the device's id, its day the instant's in the caller's
   * zone. The same id again answers the kept test when it is the caller's with the same count (and
   * instant, when one is sent): the outbox may send it twice; else 409 ENTRY_CONFLICT, as entries
   * (decision 017).
   */
  async takeTest(
    auth: AuthContext,
    body: PlacementTestBody,
  ): Promise<{ test: PlacementTest; proposal: ReturnType<typeof proposePlan> }> {
    const { date, day } = entryDate(body.date, auth.timezone, Date.now());
    const test = await this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const row = { id: body.id, user_uuid: userUuid, count: body.count, day, taken_at: date };
      if (await repos.plans.insertTestUnlessTaken(row)) return row;
      const stored = await repos.plans.findTest(body.id);
      if (!stored || stored.user_uuid !== userUuid) {
        throw new AppError('ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse);
      }
      if (stored.count !== body.count || (body.date !== undefined && stored.taken_at !== date)) {
        throw new AppError('ENTRY_CONFLICT', MESSAGES.serverEntryConflict);
      }
      return stored;
    });
    return { test: toPlacementTest(test), proposal: proposePlan(test.count) };
  }

  /**
   * GET /api/groups/:id/members/:userId/plan: members only (404 for no group, 403 for an outsider, as
   * the other member calls); a member who is not in the group is 404. null unless the member shares
   * their plan (and has one that is not abandoned).
   */
  async memberPlan(auth: AuthContext, groupId: string, memberUuid: string): Promise<MemberPlan | null> {
    await requireMember(this.repos, auth, groupId);
    if (!(await this.repos.memberships.roleOf(groupId, memberUuid))) throw memberNotFound();
    const { plan } = await this.repos.plans.newestOf(memberUuid, NO_WORKOUT_DAYS);
    if (!shownPlan(plan) || plan.shared !== 1) return null;
    const settings = settingsOf(plan);
    const progress = progressOf(plan);
    return {
      planId: settings.planId,
      level: progress.level,
      status: progress.status,
      position: progress.position,
      sessionCount: sessionCount(settings),
      lastWorkoutDay: (await this.repos.plans.latestWorkoutOf(plan.id))?.day ?? null,
    };
  }
}

/** An instant one millisecond after `iso`. */
function laterThan(iso: string): string {
  return new Date(Date.parse(iso) + 1).toISOString();
}
