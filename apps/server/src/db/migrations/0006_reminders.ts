import type { Kysely, Migration } from 'kysely';

/**
 * Daily reminders by Web Push (docs/product.md, "Reminders"; decision 020). Portable columns only:
 * `enabled` is 0 or 1, `weekdays` the sorted digits 0 (Sunday) to 6 as text ('12345'), instants ISO
 * text, days `YYYY-MM-DD`.
 */
export const reminders: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per user who has saved settings; none: the defaults, reminders off.
    await db.schema
      .createTable('reminders')
      .addColumn('user_uuid', 'text', (c) => c.primaryKey().references('users.uuid'))
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('weekdays', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      // The next instant the reminder is due; null while it is off (or has no weekday).
      .addColumn('next_due_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // Each tick reads only the due ones: a range of this index up to now (nulls never match).
    await db.schema
      .createIndex('reminders_next_due_idx')
      .on('reminders')
      .columns(['next_due_at', 'user_uuid'])
      .execute();

    // A browser's push subscription; the endpoint is the device, whoever registered it last.
    await db.schema
      .createTable('reminder_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('reminder_devices_endpoint_key', ['endpoint'])
      .execute();
    await db.schema
      .createIndex('reminder_devices_user_idx')
      .on('reminder_devices')
      .columns(['user_uuid', 'created_at'])
      .execute();

    // One row per user and local day a reminder went out: the claim that makes it go out once,
    // however many API processes see it due at the same moment.
    await db.schema
      .createTable('reminder_sends')
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('reminder_sends_pkey', ['user_uuid', 'day'])
      .execute();
    // Old claims are deleted by day.
    await db.schema.createIndex('reminder_sends_day_idx').on('reminder_sends').column('day').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reminder_sends').execute();
    await db.schema.dropTable('reminder_devices').execute();
    await db.schema.dropTable('reminders').execute();
  },
};
