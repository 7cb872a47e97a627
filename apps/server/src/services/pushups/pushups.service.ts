import { randomUUID } from 'node:crypto';
import {
  type CreatePushupBody,
  type DayRangeQuery,
  dayInZone,
  MESSAGES,
  type PushupEntry,
  type UpdatePushupBody,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { AppMetrics } from '../../metrics/app-metrics';
import type { Repositories } from '../../repositories';
import type { PushupEntryRow } from '../../repositories/pushups.repository';
import { writeDayLines } from '../challenges/feed-writes';
import { earnAfterEntryWrite } from '../habits/earning';
import { numbersOf } from '../plans/plan-rows';
import { entryDate, logNewEntry, overDailyLimit } from './log-entry';

/** GET /api/pushups returns at most this many entries (newest first). */
const PUSHUP_LIST_MAX = 1000;
const pushupNotFound = () => new AppError('NOT_FOUND', MESSAGES.pushupNotFound);

function toEntry(row: PushupEntryRow): PushupEntry {
  return { uuid: row.uuid, count: row.count, date: row.date, day: row.day };
}

export interface PushupLimits {
  /** Design: a plausibility limit per user and day (MAX_PUSHUPS_PER_DAY). */
  maxPushupsPerDay: number;
  /** Counts new entries, repeats and conflicts (docs/operations.md, "Metrics"). */
  metrics?: AppMetrics;
}

export class PushupsService {
  constructor(
    private readonly repos: Repositories,
    private readonly limits: PushupLimits,
  ) {}

  /**
   * Logs an entry; the caller's day sum and running total grow, and what they reach is earned, in
   * the same transaction (docs/product.md, "Achievements"). The entry's uuid is the device's when it
   * sends one, so a repeat of the same entry is answered as the first time and written once
   * (docs/product.md, "Logging an entry once"; decision 017).
   */
  async create(auth: AuthContext, body: CreatePushupBody): Promise<PushupEntry> {
    const nowMs = Date.now();
    const { date, day } = entryDate(body.date, auth.timezone, nowMs);
    const now = new Date(nowMs).toISOString();
    const today = dayInZone(new Date(nowMs), auth.timezone);
    const row = { uuid: body.uuid ?? randomUUID(), count: body.count, date, day };
    const { entry, written } = await this.repos.transaction(async (repos) => {
      const clock = { firebaseUid: auth.uid, timeZone: auth.timezone, today, now };
      const logged = await logNewEntry(repos, row, clock, this.limits.maxPushupsPerDay);
      if (!logged.written) {
        return {
          entry: await this.repeated(repos, logged.user.uuid, row, body.date !== undefined),
          written: false,
        };
      }
      return { entry: toEntry(row), written: true };
    });
    // Counted once committed: a refused or rolled-back entry is no entry.
    if (written) this.limits.metrics?.entryLogged('log');
    else this.limits.metrics?.entryRepeated('log');
    return entry;
  }

  /**
   * The answer to an entry whose uuid is taken: the stored entry when it is the caller's with the
   * same count and instant (a repeat; `datedRepeat` false: the repeat sent no date, the count alone
   * decides), else 409 ENTRY_CONFLICT. Nothing is written either way.
   */
  private async repeated(
    repos: Repositories,
    userUuid: string,
    sent: PushupEntryRow,
    datedRepeat: boolean,
  ): Promise<PushupEntry> {
    const stored = await repos.pushups.findByUuid(sent.uuid);
    // The caller's own entries cannot change or go while their user row is locked: an entry that is
    // not theirs, or that went since the insert found it, is another user's. Nothing of it is told.
    if (!stored || stored.user_uuid !== userUuid) {
      this.limits.metrics?.entryConflict('log', 'id_in_use');
      throw new AppError('ENTRY_CONFLICT', MESSAGES.serverEntryIdInUse);
    }
    if (stored.count !== sent.count || (datedRepeat && stored.date !== sent.date)) {
      this.limits.metrics?.entryConflict('log', 'changed');
      throw new AppError('ENTRY_CONFLICT', MESSAGES.serverEntryConflict);
    }
    return toEntry(stored);
  }

  /**
   * Changes the count (and, with a date, the instant and its day in the caller's zone). The day
   * sums it moves, the running total and what they reach change in the same transaction; a re-dated
   * entry leaves its old day and joins the new one.
   */
  async update(auth: AuthContext, uuid: string, body: UpdatePushupBody): Promise<PushupEntry> {
    const nowMs = Date.now();
    const redated = body.date === undefined ? undefined : entryDate(body.date, auth.timezone, nowMs);
    const now = new Date(nowMs).toISOString();
    const today = dayInZone(new Date(nowMs), auth.timezone);
    const max = this.limits.maxPushupsPerDay;
    return this.repos.transaction(async (repos) => {
      const user = await repos.users.lockWithHabits(auth.uid);
      if (!user) throw userNotFound();
      const userUuid = user.uuid;
      const old = await repos.pushups.lockOwned(uuid, userUuid);
      if (!old) throw pushupNotFound();
      const day = redated?.day ?? old.day;
      // What the entry's (new) day gains, and that day's sum after it.
      const added = day === old.day ? body.count - old.count : body.count;
      if (day !== old.day && old.count !== 0) await repos.pushups.addToDay(userUuid, old.day, -old.count);
      const dayTotal = await repos.pushups.addToDay(userUuid, day, added);
      // Only a change that adds to a day is checked: lowering a day already over a lowered limit is
      // fine. A refusal rolls the day sums back with the transaction.
      if ((day !== old.day || added > 0) && dayTotal > max) {
        throw overDailyLimit(max, day, dayTotal - body.count);
      }
      await repos.pushups.update(uuid, { count: body.count, ...redated, updated_at: now });
      // A day that got its first push-ups (re-dated or raised from 0) gets its line in the groups' feeds.
      if (dayTotal > 0 && dayTotal === added) await writeDayLines(repos, userUuid, day, now);
      const delta = body.count - old.count;
      // A re-dated entry moves day sums without changing the total: the revision still goes up.
      const total = delta !== 0 || day !== old.day ? await repos.pushups.addToTotal(userUuid, delta, now) : 0;
      await earnAfterEntryWrite(repos, {
        user,
        today,
        now,
        timeZone: auth.timezone,
        totalBefore: total - delta,
        totalAfter: total,
        day,
        dayBefore: dayTotal - added,
        dayAfter: dayTotal,
      });
      return toEntry({ ...old, count: body.count, ...redated });
    });
  }

  /**
   * Deletes an entry; its count leaves its day's sum and the running total in the same transaction.
   * Achievements stay earned (decision 019).
   */
  async remove(auth: AuthContext, uuid: string): Promise<void> {
    const now = new Date().toISOString();
    await this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const deleted = await repos.pushups.deleteOwned(uuid, userUuid);
      if (deleted === undefined) throw pushupNotFound();
      if (deleted.count !== 0) {
        await repos.pushups.addToDay(userUuid, deleted.day, -deleted.count);
        await repos.pushups.addToTotal(userUuid, -deleted.count, now);
      }
    });
  }

  /**
   * The caller's entries in the inclusive day range, newest first, a workout's with its sets; none
   * without a profile.
   */
  async list(auth: AuthContext, query: DayRangeQuery): Promise<PushupEntry[]> {
    if (!auth.userUuid) return [];
    const rows = await this.repos.pushups.listForUser(auth.userUuid, query, PUSHUP_LIST_MAX);
    return rows.map((row) =>
      row.sets === null ? toEntry(row) : { ...toEntry(row), sets: numbersOf(row.sets) },
    );
  }
}
