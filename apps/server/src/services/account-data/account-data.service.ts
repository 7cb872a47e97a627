import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ACHIEVEMENT_IDS,
  dailyLimitMessage,
  dayInZone,
  ENTRIES_CSV_HEADER,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportDocument,
  IMPORT_MAX_BYTES,
  IMPORT_REFUSALS_LISTED,
  type ImportCommitBody,
  type ImportPreviewBody,
  type ImportRefusal,
  type ImportResult,
  importTooLargeMessage,
  MESSAGES,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { AppMetrics } from '../../metrics/app-metrics';
import type { Repositories } from '../../repositories';
import type { EntryCursor, ExportEntryRow } from '../../repositories/account-data.repository';
import { earnAfterImport } from '../habits/earning';
import { progressOf, settingsOf, toPlacementTest, toWorkout } from '../plans/plan-rows';
import { knownPreferences } from '../users/preferences';
import { toProfile } from '../users/users.service';
import { type ImportRow, type ParsedCsv, readEntriesCsv } from './entries-csv';
import { type ImportCharge, ImportLimits } from './import-limits';
import { Pacer } from './next-turn';

/** Entries read per query of an export: what the server holds of them at once. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The rows an import's statements read or write at once (values of an IN list, rows of an INSERT):
 * on SQLite a statement holds the event loop while it runs, and writing 250 entries takes a few
 * milliseconds (docs/performance.md, "Imports and everyone else").
 */
const IMPORT_SLICE = 250;

/** `values` in slices of IMPORT_SLICE. */
function slices<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += IMPORT_SLICE) {
    result.push(values.slice(start, start + IMPORT_SLICE));
  }
  return result;
}

/** `read` of each slice of `values` in turn, paced. */
async function readSliced<T, R>(
  values: readonly T[],
  pacer: Pacer,
  read: (slice: T[]) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const slice of slices(values)) {
    for (const row of await read(slice)) rows.push(row);
    await pacer.pause();
  }
  return rows;
}

const KNOWN_ACHIEVEMENTS = new Set<string>(ACHIEVEMENT_IDS);

/** A file to send as an attachment. */
export interface DownloadFile {
  fileName: string;
  stream: Readable;
}

/** What an import would do with the rows that passed the rules of a single entry. */
interface ImportPlan {
  accepted: ImportRow[];
  duplicates: number;
  /** Rows that would pass the daily limit. */
  refused: ImportRefusal[];
  /** What the accepted rows add to each day. */
  perDay: Map<string, number>;
}

/** A name for the file: the username's safe characters and the caller's day. */
function fileName(kind: string, username: string, today: string, extension: string): string {
  return `pushup-tracker-${kind}-${username.replace(/[^\w-]/g, '_')}-${today}.${extension}`;
}

/** The push service's origin of a device's endpoint (the endpoint itself is the browser's secret). */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}

/** The user's entries, oldest first, a page at a time: no more than a page is ever held. */
async function* entryPages(repos: Repositories, userUuid: string): AsyncGenerator<ExportEntryRow[]> {
  let after: EntryCursor | null = null;
  for (;;) {
    const page = await repos.accountData.entriesPage(userUuid, after, EXPORT_PAGE_SIZE);
    if (page.length > 0) yield page;
    const last = page[page.length - 1];
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    after = { date: last.date, uuid: last.uuid };
  }
}

/**
 * The caller's data out and in (docs/product.md, "Export", "Import"). Exports are streamed: the
 * small parts are read first (so a missing profile is an ordinary 404), the entries page by page
 * as the client reads. An import applies every rule of logging (count, date, daily limit) and skips
 * the entries the caller already has, and its commit is one transaction behind the caller's row
 * lock, as every entry write (decision 022). A user's imports run one at a time, within a budget
 * of rows and bytes a minute (ImportLimits), and pace their work (Pacer): the event loop gets a turn every few milliseconds.
 */
export class AccountDataService {
  private readonly imports: ImportLimits;

  constructor(
    private readonly repos: Repositories,
    /** `metrics` counts the committed imports (docs/operations.md, "Metrics"). */
    private readonly limits: { maxPushupsPerDay: number; imports?: ImportLimits; metrics?: AppMetrics },
  ) {
    this.imports = limits.imports ?? new ImportLimits();
  }

  private async profile(auth: AuthContext) {
    const user = auth.userUuid ? await this.repos.users.findByUuid(auth.userUuid) : undefined;
    if (!user) throw userNotFound();
    return user;
  }

  /** GET /api/users/me/export: one JSON document, pretty-printed, entries one per line at its end. */
  async exportJson(auth: AuthContext): Promise<DownloadFile> {
    const user = await this.profile(auth);
    const { repos } = this;
    const [
      invite,
      hidden,
      total,
      activeDays,
      groups,
      requests,
      links,
      earned,
      reminder,
      devices,
      plans,
      tests,
      workouts,
      challenges,
      cheers,
      pushOnCheer,
    ] = await Promise.all([
      repos.invites.find(user.email.toLowerCase()),
      repos.pushups.isHidden(user.uuid),
      repos.pushups.totalOf(user.uuid),
      repos.accountData.activeDays(user.uuid),
      repos.accountData.groupsOf(user.uuid),
      repos.accountData.joinRequestsOf(user.uuid),
      repos.accountData.inviteLinksBy(user.uuid),
      repos.habits.earnedOf(user.uuid),
      repos.reminders.find(user.uuid),
      repos.reminders.devicesOf(user.uuid),
      repos.plans.plansOf(user.uuid),
      repos.plans.allTestsOf(user.uuid),
      repos.plans.workoutsOf(user.uuid),
      repos.challenges.exportOf(user.uuid),
      repos.feed.cheersOf(user.uuid),
      repos.feed.pushOnCheer(user.uuid),
    ]);
    const now = new Date();
    const head: Omit<ExportDocument, 'entries'> = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      profile: toProfile(user),
      platformInvite: invite ? { email: invite.email_lower, invitedAt: invite.invited_at } : null,
      settings: {
        restDaysPerWeek: user.rest_days_per_week,
        showOnLeaderboard: !hidden,
        ...knownPreferences(user),
      },
      totals: { total: total ?? 0, activeDays },
      groups: groups.map((g) => ({
        groupId: g.id,
        name: g.name,
        description: g.description,
        role: g.role,
        joinedAt: g.joined_at,
        createdByYou: g.created_by === user.uuid,
        memberCount: g.member_count,
      })),
      joinRequests: requests.map((r) => ({
        requestId: r.id,
        groupId: r.group_id,
        groupName: r.group_name,
        status: r.status,
        requestedAt: r.created_at,
        updatedAt: r.updated_at,
      })),
      inviteLinks: links.map((l) => ({
        inviteId: l.id,
        groupId: l.group_id,
        groupName: l.group_name,
        maxUses: l.max_uses,
        uses: l.uses,
        expiresAt: l.expires_at,
        revokedAt: l.revoked_at,
        createdAt: l.created_at,
      })),
      achievements: earned
        .filter((a) => KNOWN_ACHIEVEMENTS.has(a.achievement_id))
        .sort((a, b) => (a.earned_at < b.earned_at ? -1 : a.earned_at > b.earned_at ? 1 : 0))
        .map((a) => ({
          id: a.achievement_id as ExportDocument['achievements'][number]['id'],
          earnedAt: a.earned_at,
          seenAt: a.seen_at,
        })),
      reminder: reminder
        ? {
            enabled: reminder.enabled === 1,
            time: reminder.time,
            weekdays: [...reminder.weekdays].map(Number),
            timeZone: reminder.time_zone,
            nextDueAt: reminder.next_due_at,
            createdAt: reminder.created_at,
            updatedAt: reminder.updated_at,
          }
        : null,
      reminderDevices: devices.map((d) => ({
        deviceId: d.id,
        pushService: originOf(d.endpoint),
        createdAt: d.created_at,
      })),
      plans: plans.map((p) => ({
        id: p.id,
        settings: settingsOf(p),
        progress: progressOf(p),
        shared: p.shared === 1,
        startedAt: p.created_at,
        updatedAt: p.updated_at,
      })),
      placementTests: tests.map(toPlacementTest),
      workouts: workouts.map((w) => ({
        ...toWorkout(w),
        planId: w.plan_id,
        date: w.date,
        outcome: w.outcome,
        createdAt: w.created_at,
      })),
      challenges: challenges.map((c) => ({
        challengeId: c.id,
        groupId: c.group_id,
        name: c.name,
        kind: c.kind,
        target: c.target,
        minPerDay: c.min_per_day,
        startDay: c.start_day,
        endDay: c.end_day,
        joinedAt: c.joined_at,
        result:
          c.total === null || c.rank === null
            ? null
            : { total: c.total, rank: c.rank, reached: c.reached === 1 },
      })),
      cheers: {
        pushOnCheer,
        given: cheers
          .filter((c) => c.giver_uuid === user.uuid)
          .map((c) => ({ to: c.receiver_uuid, day: c.day, at: c.at })),
        received: cheers
          .filter((c) => c.receiver_uuid === user.uuid)
          .map((c) => ({ from: c.giver_uuid, day: c.day, at: c.at })),
      },
    };

    async function* chunks(): AsyncGenerator<string> {
      // The head as JSON without its closing brace, then the entries as its last member.
      const text = JSON.stringify(head, null, 2);
      yield `${text.slice(0, text.lastIndexOf('}')).trimEnd()},\n  "entries": [`;
      let separator = '\n    ';
      for await (const page of entryPages(repos, user.uuid)) {
        let out = '';
        for (const e of page) {
          const entry = {
            uuid: e.uuid,
            count: e.count,
            date: e.date,
            day: e.day,
            createdAt: e.created_at,
            updatedAt: e.updated_at,
          };
          out += separator + JSON.stringify(entry);
          separator = ',\n    ';
        }
        yield out;
      }
      yield separator === '\n    ' ? ']\n}\n' : '\n  ]\n}\n';
    }
    const today = dayInZone(now, auth.timezone);
    return {
      fileName: fileName('data', user.username, today, 'json'),
      stream: Readable.from(chunks(), { objectMode: false }),
    };
  }

  /** GET /api/pushups/export: `instant,day,count`, one line per entry, oldest first. */
  async exportCsv(auth: AuthContext): Promise<DownloadFile> {
    const user = await this.profile(auth);
    const { repos } = this;
    async function* chunks(): AsyncGenerator<string> {
      yield `${ENTRIES_CSV_HEADER}\n`;
      for await (const page of entryPages(repos, user.uuid)) {
        yield page.map((e) => `${e.date},${e.day},${e.count}\n`).join('');
      }
    }
    return {
      fileName: fileName('entries', user.username, dayInZone(new Date(), auth.timezone), 'csv'),
      stream: Readable.from(chunks(), { objectMode: false }),
    };
  }

  /**
   * The file's rows, or a 400 for a file too large, empty or too long; its bytes and rows are
   * charged to the caller's imports of the minute, whatever the outcome.
   */
  private read(
    auth: AuthContext,
    csv: string,
    nowMs: number,
    charge: ImportCharge,
    pacer: Pacer,
  ): Promise<ParsedCsv> {
    const bytes = Buffer.byteLength(csv, 'utf8');
    charge({ bytes });
    if (bytes > IMPORT_MAX_BYTES) {
      throw new AppError('VALIDATION_ERROR', importTooLargeMessage(IMPORT_MAX_BYTES));
    }
    return readEntriesCsv(csv, { timezone: auth.timezone, nowMs }, pacer, (rows) => charge({ rows }));
  }

  /**
   * What the rows would do against the caller's entries now: a row is a duplicate when the caller
   * already holds as many entries of its kind (same instant and count, or for a date alone the same
   * day and count) as the file has up to it; the rest are added in file order while their day stays
   * within the daily limit, counting the day's push-ups already logged. Paced: one statement of
   * IMPORT_SLICE values at a time, and a turn of the event loop whenever the pacer says.
   */
  private async plan(
    repos: Repositories,
    userUuid: string,
    rows: readonly ImportRow[],
    pacer: Pacer,
  ): Promise<ImportPlan> {
    const keyOf = (kind: 'instant' | 'day', at: string, count: number) => `${kind}|${at}|${count}`;
    const unique = (values: string[]) => [...new Set(values)];
    const byInstant = rows.filter((r) => r.matchBy === 'instant').map((r) => r.date);
    const byDay = rows.filter((r) => r.matchBy === 'day').map((r) => r.day);
    const atInstants = await readSliced(unique(byInstant), pacer, (slice) =>
      repos.accountData.entriesAt(userUuid, slice),
    );
    const onDays = await readSliced(unique(byDay), pacer, (slice) =>
      repos.accountData.entriesOn(userUuid, slice),
    );
    const dayTotals = new Map<string, number>();
    for (const slice of slices(unique(rows.map((r) => r.day)))) {
      for (const [day, total] of await repos.accountData.dayTotals(userUuid, slice)) {
        dayTotals.set(day, total);
      }
      await pacer.pause();
    }
    const held = new Map<string, number>();
    const hold = (key: string) => held.set(key, (held.get(key) ?? 0) + 1);
    for (const e of atInstants) hold(keyOf('instant', e.date, e.count));
    for (const e of onDays) hold(keyOf('day', e.day, e.count));

    const max = this.limits.maxPushupsPerDay;
    // How many rows of each kind the file has had so far, for the kinds the caller already holds.
    const seen = new Map<string, number>();
    const plan: ImportPlan = { accepted: [], duplicates: 0, refused: [], perDay: new Map() };
    for (const [i, row] of rows.entries()) {
      if (i % 100 === 99) await pacer.pause();
      if (held.size > 0) {
        const key = keyOf(row.matchBy, row.matchBy === 'instant' ? row.date : row.day, row.count);
        const holds = held.get(key);
        if (holds !== undefined) {
          const nth = (seen.get(key) ?? 0) + 1;
          seen.set(key, nth);
          if (nth <= holds) {
            plan.duplicates += 1;
            continue;
          }
        }
      }
      const already = (dayTotals.get(row.day) ?? 0) + (plan.perDay.get(row.day) ?? 0);
      if (already + row.count > max) {
        plan.refused.push({
          line: row.line,
          text: row.text,
          reason: dailyLimitMessage(max, row.day, already),
        });
        continue;
      }
      plan.perDay.set(row.day, (plan.perDay.get(row.day) ?? 0) + row.count);
      plan.accepted.push(row);
    }
    return plan;
  }

  private result(parsed: ParsedCsv, plan: ImportPlan, committed: boolean): ImportResult {
    const refused = [...parsed.refused, ...plan.refused].sort((a, b) => a.line - b.line);
    return {
      rowsRead: parsed.rowsRead,
      entries: plan.accepted.length,
      pushups: plan.accepted.reduce((sum, row) => sum + row.count, 0),
      days: plan.perDay.size,
      duplicates: plan.duplicates,
      refusedCount: refused.length,
      refused: refused.slice(0, IMPORT_REFUSALS_LISTED),
      committed,
    };
  }

  /**
   * POST /api/pushups/import/preview: what the import would do now; nothing is written. Refused
   * (429) while another import of the caller runs, or when their minute's budget is spent.
   */
  preview(auth: AuthContext, body: ImportPreviewBody): Promise<ImportResult> {
    return this.imports.run(auth.uid, async (charge) => {
      const user = await this.profile(auth);
      const pacer = new Pacer();
      const parsed = await this.read(auth, body.csv, Date.now(), charge, pacer);
      return this.result(parsed, await this.plan(this.repos, user.uuid, parsed.rows, pacer), false);
    });
  }

  /**
   * POST /api/pushups/import: the rows that pass, in one transaction behind the caller's row lock
   * (so the duplicates and the daily limit are judged against entries nobody changes meanwhile);
   * the day sums, the running total, the rank band and the achievements change with them, as for
   * a log. With `expectedEntries` (what the preview showed) a different outcome writes nothing (409).
   * The file is read before the transaction; inside it, reads and writes go IMPORT_SLICE rows a
   * statement, paced. Refused (429) as the preview is.
   */
  commit(auth: AuthContext, body: ImportCommitBody): Promise<ImportResult> {
    return this.imports.run(auth.uid, async (charge) => {
      const result = await this.commitFile(auth, body, charge);
      this.limits.metrics?.importCommitted(result.entries);
      return result;
    });
  }

  private async commitFile(
    auth: AuthContext,
    body: ImportCommitBody,
    charge: ImportCharge,
  ): Promise<ImportResult> {
    const nowMs = Date.now();
    const pacer = new Pacer();
    const parsed = await this.read(auth, body.csv, nowMs, charge, pacer);
    const now = new Date(nowMs).toISOString();
    const today = dayInZone(new Date(nowMs), auth.timezone);
    const max = this.limits.maxPushupsPerDay;
    return this.repos.transaction(async (repos) => {
      const user = await repos.users.lockWithHabits(auth.uid);
      if (!user) throw userNotFound();
      const plan = await this.plan(repos, user.uuid, parsed.rows, pacer);
      if (body.expectedEntries !== undefined && plan.accepted.length !== body.expectedEntries) {
        throw new AppError('CONFLICT', MESSAGES.importChanged);
      }
      if (plan.accepted.length === 0) return this.result(parsed, plan, true);
      for (const slice of slices(plan.accepted)) {
        await repos.pushups.insertMany(
          slice.map((row) => ({
            uuid: randomUUID(),
            user_uuid: user.uuid,
            count: row.count,
            date: row.date,
            day: row.day,
            created_at: now,
            updated_at: now,
          })),
        );
        await pacer.pause();
      }
      const days: { day: string; before: number; after: number }[] = [];
      for (const [day, added] of plan.perDay) {
        await pacer.pause();
        const after = await repos.pushups.addToDay(user.uuid, day, added);
        // The plan read this sum behind the same lock; a refusal here would roll everything back.
        if (after > max) throw new AppError('VALIDATION_ERROR', dailyLimitMessage(max, day, after - added));
        days.push({ day, before: after - added, after });
      }
      const added = plan.accepted.reduce((sum, row) => sum + row.count, 0);
      const total = await repos.pushups.addToTotal(user.uuid, added, now);
      await earnAfterImport(repos, {
        user,
        today,
        now,
        timeZone: auth.timezone,
        totalBefore: total - added,
        totalAfter: total,
        days,
      });
      return this.result(parsed, plan, true);
    });
  }
}
