import { type SelectQueryBuilder, sql } from 'kysely';

/** How many rows `query` finds, as a number: PostgreSQL returns count(*) as a bigint string. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .select(sql<number | string>`count(*)`.as('n'))
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
