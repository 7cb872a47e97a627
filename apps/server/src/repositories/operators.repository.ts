import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The addresses granted operator rights by `npm run admin -- grant-admin` (ADMIN_EMAILS is a setting). */
export class OperatorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isGranted(emailLower: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('operators')
      .select('email_lower')
      .where('email_lower', '=', emailLower)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** False when the address was granted already. */
  async grant(emailLower: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('operators')
      .values({ email_lower: emailLower, granted_at: now })
      .onConflict((oc) => oc.column('email_lower').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** False when the address was not granted. */
  async revoke(emailLower: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('operators')
      .where('email_lower', '=', emailLower)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  list(): Promise<{ email_lower: string; granted_at: string }[]> {
    return this.db.selectFrom('operators').selectAll().orderBy('email_lower').execute();
  }
}
