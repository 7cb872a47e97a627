import {
  applyWorkout,
  dayInZone,
  type FinishWorkoutAnswer,
  type FinishWorkoutBody,
  MESSAGES,
  type PlanOutcomeKind,
  sessionAt,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { AppMetrics, ConflictReason } from '../../metrics/app-metrics';
import type { Repositories } from '../../repositories';
import type { WorkoutRow } from '../../repositories/plans.repository';
import { earnPlanFinished } from '../habits/earning';
import { entryDate, logNewEntry } from '../pushups/log-entry';
import { numbersText, progressOf, progressText, settingsOf, toWorkout } from './plan-rows';
import { planConflict } from './plan-state';

/**
 * POST /api/workouts (docs/product.md, "Training plans: calls"): a finished session of the active
 * plan. Its total is logged as one entry through the log's own path (log-entry.ts), the workout is
 * kept and the plan moved on by the progression, all in one transaction: a refusal anywhere leaves
 * none of them. The id is the entry's uuid from the device, so the outbox's repeat is answered as
 * the first time (decision 017).
 */
export class WorkoutsService {
  constructor(
    private readonly repos: Repositories,
    /** `metrics` counts new entries, repeats and conflicts (docs/operations.md, "Metrics"). */
    private readonly limits: { maxPushupsPerDay: number; metrics?: AppMetrics },
  ) {}

  async finish(auth: AuthContext, body: FinishWorkoutBody): Promise<FinishWorkoutAnswer> {
    const nowMs = Date.now();
    const { date, day } = entryDate(body.date, auth.timezone, nowMs);
    const now = new Date(nowMs).toISOString();
    const today = dayInZone(new Date(nowMs), auth.timezone);
    const total = body.sets.reduce((sum, reps) => sum + reps, 0);
    const sent = { ...body, date, datedRepeat: body.date !== undefined };
    let written = false;
    const answer = await this.repos.transaction(async (repos) => {
      // A workout stays when its entry is deleted (migration 0015): its repeat is still a repeat.
      const kept = await repos.plans.findWorkout(body.id);
      if (kept) return this.repeated(repos, kept, auth, sent);
      const entry = { uuid: body.id, count: total, date, day };
      const clock = { firebaseUid: auth.uid, timeZone: auth.timezone, today, now };
      const logged = await logNewEntry(repos, entry, clock, this.limits.maxPushupsPerDay);
      const userUuid = logged.user.uuid;
      if (!logged.written) {
        // Taken meanwhile by the same workout sent at once, or by an entry that is no workout.
        const raced = await repos.plans.findWorkout(body.id);
        if (raced) return this.repeated(repos, raced, auth, sent);
        const stored = await repos.pushups.findByUuid(body.id);
        throw this.conflict(stored?.user_uuid === userUuid ? 'changed' : 'id_in_use');
      }
      const plan = await repos.plans.openPlanOf(userUuid);
      if (!plan) throw new AppError('CONFLICT', MESSAGES.workoutNoActivePlan);
      const settings = settingsOf(plan);
      const before = progressOf(plan);
      let moved: ReturnType<typeof applyWorkout>;
      try {
        moved = applyWorkout(settings, before, { session: body.session, day, sets: body.sets });
      } catch (error) {
        throw planConflict(error, {
          'not-active': MESSAGES.workoutPlanPaused,
          'wrong-session': MESSAGES.workoutWrongSession,
        });
      }
      const session = sessionAt(settings, before.level, before.position);
      const workout: WorkoutRow = {
        id: body.id,
        user_uuid: userUuid,
        plan_id: plan.id,
        session: body.session,
        day,
        date,
        sets: numbersText(body.sets),
        targets: numbersText(session.sets.map((set) => set.reps)),
        total,
        outcome: moved.outcome.kind,
        created_at: now,
      };
      await repos.plans.insertWorkout(workout);
      // A retest's one set is a test like the placement test: the profile shows them together.
      if (session.kind === 'retest') {
        await repos.plans.insertTestUnlessTaken({
          id: body.id,
          user_uuid: userUuid,
          count: body.sets[0] ?? 0,
          day,
          taken_at: date,
        });
      }
      await repos.plans.movePlan(plan.id, moved.progress.status, progressText(moved.progress), now);
      if (moved.outcome.kind === 'finished') await earnPlanFinished(repos, userUuid, now);
      written = true;
      return {
        entry: { uuid: body.id, count: total, date, day },
        workout: toWorkout(workout),
        outcome: moved.outcome,
        progress: moved.progress,
      };
    });
    // Counted once committed: a refused or rolled-back workout logged no entry.
    if (written) this.limits.metrics?.entryLogged('workout');
    else this.limits.metrics?.entryRepeated('workout');
    return answer;
  }

  /** 409 ENTRY_CONFLICT for a workout id that is taken (docs/product.md, "Logging an entry once"), counted. */
  private conflict(reason: ConflictReason): AppError {
    this.limits.metrics?.entryConflict('workout', reason);
    return new AppError(
      'ENTRY_CONFLICT',
      reason === 'changed' ? MESSAGES.serverEntryConflict : MESSAGES.serverEntryIdInUse,
    );
  }

  /**
   * The answer to a workout id already kept: as the first time when it is the caller's with the same
   * session and sets (and instant, when the repeat sends one), with the plan's progress as it stands
   * now; else 409 ENTRY_CONFLICT. Nothing is written.
   */
  private async repeated(
    repos: Repositories,
    kept: WorkoutRow,
    auth: AuthContext,
    sent: FinishWorkoutBody & { date: string; datedRepeat: boolean },
  ): Promise<FinishWorkoutAnswer> {
    if (kept.user_uuid !== auth.userUuid) throw this.conflict('id_in_use');
    const same =
      kept.session === sent.session &&
      kept.sets === numbersText(sent.sets) &&
      (!sent.datedRepeat || kept.date === sent.date);
    if (!same) throw this.conflict('changed');
    const plan = await repos.plans.findPlan(kept.plan_id);
    if (!plan) throw userNotFound();
    const stored = await repos.pushups.findByUuid(kept.id);
    const entry =
      stored && stored.user_uuid === kept.user_uuid
        ? { uuid: stored.uuid, count: stored.count, date: stored.date, day: stored.day }
        : { uuid: kept.id, count: kept.total, date: kept.date, day: kept.day };
    return {
      entry,
      workout: toWorkout(kept),
      outcome: { kind: kept.outcome as PlanOutcomeKind, session: kept.session, day: kept.day },
      progress: progressOf(plan),
    };
  }
}
