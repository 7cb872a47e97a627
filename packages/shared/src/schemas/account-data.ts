import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements';
import { MESSAGES } from '../messages';
import { userSettingsSchema } from './habits';
import { placementTestSchema, planProgressSchema, planSettingsSchema, workoutSchema } from './plans';
import { userProfileSchema } from './users';

/**
 * The user's data, out and in (docs/product.md, "Export" and "Import"): everything the app holds
 * about the caller as one JSON document, their entries as CSV, and entries read back from a CSV.
 */

/** The first line of the entries' CSV: the instant (ISO UTC), the day it counts for, the count. */
export const ENTRIES_CSV_HEADER = 'instant,day,count';
/** What the JSON export says it is, so that a reader can tell the file and its version. */
export const EXPORT_FORMAT = 'pushup-tracker-export';
export const EXPORT_VERSION = 1;

const day = z.string().describe('YYYY-MM-DD');
const instant = z.string().describe('ISO-8601 UTC');

/** GET /api/users/me/export: everything the app holds about the caller, entries last (streamed). */
export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: instant,
  profile: userProfileSchema,
  /** The caller's email on the platform's invite list (null: invited under another address, or no longer). */
  platformInvite: z.object({ email: z.string(), invitedAt: instant }).nullable(),
  settings: userSettingsSchema,
  /** The running total and the number of days with push-ups, to check an import against. */
  totals: z.object({ total: z.number().int(), activeDays: z.number().int() }),
  groups: z.array(
    z.object({
      groupId: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      role: z.enum(['admin', 'member']),
      joinedAt: instant,
      createdByYou: z.boolean(),
      memberCount: z.number().int(),
    }),
  ),
  joinRequests: z.array(
    z.object({
      requestId: z.string(),
      groupId: z.string(),
      groupName: z.string(),
      status: z.enum(['pending', 'accepted', 'rejected']),
      requestedAt: instant,
      updatedAt: instant,
    }),
  ),
  /** Invite links the caller made; their codes are left out (a code lets anyone join the group). */
  inviteLinks: z.array(
    z.object({
      inviteId: z.string(),
      groupId: z.string(),
      groupName: z.string(),
      maxUses: z.number().int().nullable(),
      uses: z.number().int(),
      expiresAt: instant,
      revokedAt: instant.nullable(),
      createdAt: instant,
    }),
  ),
  achievements: z.array(
    z.object({ id: z.enum(ACHIEVEMENT_IDS), earnedAt: instant, seenAt: instant.nullable() }),
  ),
  reminder: z
    .object({
      enabled: z.boolean(),
      time: z.string(),
      weekdays: z.array(z.number().int()),
      timeZone: z.string(),
      nextDueAt: instant.nullable(),
      createdAt: instant,
      updatedAt: instant,
    })
    .nullable(),
  /** Devices that get reminders: the push service's origin only (an endpoint and its keys are secrets of the browser). */
  reminderDevices: z.array(z.object({ deviceId: z.string(), pushService: z.string(), createdAt: instant })),
  /** Every training plan the caller started, oldest first (docs/product.md, "Training plans"). */
  plans: z.array(
    z.object({
      id: z.string(),
      settings: planSettingsSchema,
      progress: planProgressSchema,
      shared: z.boolean(),
      startedAt: instant,
      updatedAt: instant,
    }),
  ),
  /** Every placement test and retest, oldest first. */
  placementTests: z.array(placementTestSchema),
  /**
   * Every finished workout, oldest first: its plan (`planId`, an `id` of `plans`), its entry's instant
   * and what it did to the plan.
   */
  workouts: z.array(
    workoutSchema.extend({
      planId: z.string(),
      date: instant,
      outcome: z.string(),
      createdAt: instant,
    }),
  ),
  /**
   * Every group challenge the caller takes or took part in, by start day, with their fixed place once
   * the result is stored (docs/product.md, "Group challenges, cheers and the feed").
   */
  challenges: z.array(
    z.object({
      challengeId: z.string(),
      groupId: z.string(),
      name: z.string(),
      kind: z.enum(['race', 'everyone', 'together']),
      target: z.number().int().nullable(),
      minPerDay: z.number().int().nullable(),
      startDay: day,
      endDay: day,
      joinedAt: instant,
      result: z.object({ total: z.number().int(), rank: z.number().int(), reached: z.boolean() }).nullable(),
    }),
  ),
  /** Cheers the caller gave and received (the other member by uuid), and whether a cheer pushes. */
  cheers: z.object({
    pushOnCheer: z.boolean(),
    given: z.array(z.object({ to: z.string(), day, at: instant })),
    received: z.array(z.object({ from: z.string(), day, at: instant })),
  }),
  /** Every entry, oldest first. */
  entries: z.array(
    z.object({
      uuid: z.string(),
      count: z.number().int(),
      date: instant,
      day,
      createdAt: instant,
      updatedAt: instant,
    }),
  ),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;

const csvText = z.string({ error: MESSAGES.importNotCsv });

/** POST /api/pushups/import/preview: the file's text, as read by the browser. */
export const importPreviewBodySchema = z.object({ csv: csvText }).strict();
export type ImportPreviewBody = z.input<typeof importPreviewBodySchema>;

/**
 * POST /api/pushups/import: the same file, and the number of entries its preview promised: when the
 * caller's entries changed since (another import, a log that fills a day), the commit refuses
 * instead of importing something else than what was shown.
 */
export const importCommitBodySchema = z
  .object({
    csv: csvText,
    expectedEntries: z
      .number({ error: 'Expected entries must be a whole number' })
      .int({ error: 'Expected entries must be a whole number' })
      .min(0, { error: 'Expected entries must be a whole number' })
      .optional(),
  })
  .strict();
export type ImportCommitBody = z.input<typeof importCommitBodySchema>;

/** A row of the file that is not imported, and why (its line in the file, counting from 1). */
const importRefusalSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** What an import reads in a file, and adds (preview: would add; nothing is written). */
export const importResultSchema = z.object({
  /** Rows of entries read (the header and blank lines not counted). */
  rowsRead: z.number().int(),
  /** Entries added (or, in a preview, that would be), their push-ups and the days they fall on. */
  entries: z.number().int(),
  pushups: z.number().int(),
  days: z.number().int(),
  /** Rows that are entries the caller already has (skipped): importing a file twice adds nothing. */
  duplicates: z.number().int(),
  /** Rows refused, each with its reason (the first IMPORT_REFUSALS_LISTED of them). */
  refusedCount: z.number().int(),
  refused: z.array(importRefusalSchema),
  /** true once the entries are written (the commit), false for a preview. */
  committed: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
