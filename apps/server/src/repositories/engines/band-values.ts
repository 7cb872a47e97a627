import { type RawBuilder, sql } from 'kysely';

/** Rank bands' moves, `[band, users]` pairs, as the rows of a VALUES list (both engines). */
export function bandValues(moves: readonly (readonly [number, number])[]): RawBuilder<unknown> {
  return sql.join(
    moves.map(([bucket, users]) => sql`(cast(${bucket} as integer), cast(${users} as integer))`),
  );
}
