import type { Kysely } from 'kysely';
import type {
  Database,
  NewReminderDeviceRow,
  NewReminderRow,
  ReminderDeviceRow,
  ReminderRow,
} from '../db/schema';
import { countRows } from './count-rows';

export type { ReminderDeviceRow, ReminderRow };

/** A due reminder, as the scheduler reads it. */
export type DueReminderRow = Pick<ReminderRow, 'user_uuid' | 'time' | 'weekdays' | 'time_zone'> & {
  next_due_at: string;
};

/**
 * Reminder settings, the devices that receive them and the per-day claims of what went out
 * (migration 0006, docs/product.md, "Reminders").
 */
export class RemindersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userUuid: string): Promise<ReminderRow | undefined> {
    return this.db.selectFrom('reminders').selectAll().where('user_uuid', '=', userUuid).executeTakeFirst();
  }

  /** Creates or replaces the user's settings (created_at is kept). */
  async save(row: NewReminderRow): Promise<void> {
    await this.db
      .insertInto('reminders')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_uuid').doUpdateSet((eb) => ({
          enabled: eb.ref('excluded.enabled'),
          time: eb.ref('excluded.time'),
          weekdays: eb.ref('excluded.weekdays'),
          time_zone: eb.ref('excluded.time_zone'),
          next_due_at: eb.ref('excluded.next_due_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /** Reminders due at or before `now`, oldest first: a range of reminders_next_due_idx. */
  async due(now: string, limit: number): Promise<DueReminderRow[]> {
    const rows = await this.db
      .selectFrom('reminders')
      .select(['user_uuid', 'time', 'weekdays', 'time_zone', 'next_due_at'])
      .where('next_due_at', '<=', now)
      .orderBy('next_due_at')
      .orderBy('user_uuid')
      .limit(limit)
      .execute();
    return rows.flatMap((row) =>
      row.next_due_at === null ? [] : [{ ...row, next_due_at: row.next_due_at }],
    );
  }

  /**
   * Moves a reminder from the due instant `from` to `to` (null: never again), unless it changed
   * meanwhile (new settings, or another process already moved it): says whether it moved it.
   */
  async moveDue(userUuid: string, from: string, to: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('reminders')
      .set({ next_due_at: to })
      .where('user_uuid', '=', userUuid)
      .where('next_due_at', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Claims the user's reminder of a local day: true for the one caller whose insert went in, false
   * for every other, in this process or another (`on conflict do nothing`: no error, no abort).
   */
  async claimSend(userUuid: string, day: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('reminder_sends')
      .values({ user_uuid: userUuid, day, sent_at: now })
      .onConflict((oc) => oc.columns(['user_uuid', 'day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Records how many pushes of the user's reminder of `day` failed (the operators' usage numbers). */
  async recordFailedPushes(userUuid: string, day: string, failed: number): Promise<void> {
    await this.db
      .updateTable('reminder_sends')
      .set((eb) => ({ failed_pushes: eb('failed_pushes', '+', failed) }))
      .where('user_uuid', '=', userUuid)
      .where('day', '=', day)
      .execute();
  }

  /** Forgets the claims of days before `day`. */
  async deleteSendsBefore(day: string): Promise<void> {
    await this.db.deleteFrom('reminder_sends').where('day', '<', day).execute();
  }

  devicesOf(userUuid: string): Promise<ReminderDeviceRow[]> {
    return this.db
      .selectFrom('reminder_devices')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  countDevices(userUuid: string): Promise<number> {
    return countRows(this.db.selectFrom('reminder_devices').where('user_uuid', '=', userUuid));
  }

  /**
   * Registers a device by its endpoint: a known endpoint keeps its id and takes the new keys and
   * owner (the browser is the same, whoever signed in on it last). Answers the device's id.
   */
  async saveDevice(device: NewReminderDeviceRow): Promise<string> {
    const row = await this.db
      .insertInto('reminder_devices')
      .values(device)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => ({
          user_uuid: eb.ref('excluded.user_uuid'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes the user's devices beyond the `keep` registered last. */
  async deleteOldestDevices(userUuid: string, keep: number): Promise<number> {
    const extra = await this.db
      .selectFrom('reminder_devices')
      .select('id')
      .where('user_uuid', '=', userUuid)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (extra.length === 0) return 0;
    const result = await this.db
      .deleteFrom('reminder_devices')
      .where(
        'id',
        'in',
        extra.map((row) => row.id),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the user's device; false when they have none with this id. */
  async deleteOwnDevice(id: string, userUuid: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reminder_devices')
      .where('id', '=', id)
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes a device the push service no longer knows (unless it was registered anew meanwhile). */
  async deleteGoneDevice(id: string, endpoint: string, p256dh: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reminder_devices')
      .where('id', '=', id)
      .where('endpoint', '=', endpoint)
      .where('p256dh', '=', p256dh)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Everything of a user's reminders (account deletion). */
  async deleteAllForUser(userUuid: string): Promise<void> {
    await this.db.deleteFrom('reminder_sends').where('user_uuid', '=', userUuid).execute();
    await this.db.deleteFrom('reminder_devices').where('user_uuid', '=', userUuid).execute();
    await this.db.deleteFrom('reminders').where('user_uuid', '=', userUuid).execute();
  }
}
