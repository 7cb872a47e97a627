/** The day sums' revision of a user who never logged (no user_totals row); no cached revision is lower. */
export const NEVER_LOGGED = -1;
