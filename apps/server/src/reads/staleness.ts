/**
 * How stale a cached read may be. Every cache in reads/ is one of these two kinds, and says which in
 * its type (docs/ARCHITECTURE.md, "Read caches").
 */
export const STALENESS = {
  /**
   * Stored under the version of the rows it was computed from (a revision or a count that the same
   * request has just read from the database) and returned only for that version: never stale, with
   * any number of API processes.
   */
  versioned: { maxStaleMs: 0, mayMiss: 'nothing' },
  /**
   * Shared by the callers of one API process for at most SHORT_LIVED_MS and dropped as soon as a
   * transaction of that process finishes: it may miss what other processes wrote in the last
   * SHORT_LIVED_MS, never what this process wrote. Every read of one checks the caller's own part
   * against the database, so nobody sees their own data late.
   */
  shortLived: { maxStaleMs: 2000, mayMiss: "other processes' writes" },
} as const;

/** How long a short-lived value may serve (docs/product.md, "Modes"). */
export const SHORT_LIVED_MS = STALENESS.shortLived.maxStaleMs;
