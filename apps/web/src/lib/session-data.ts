const forgetters = new Set<() => void>();

/**
 * Registers what holds the signed-in user's data in memory (the query cache, made only when the
 * first part that queries loads), so that the session's end forgets it without the shell importing it.
 */
export function forgetWithSession(forget: () => void): void {
  forgetters.add(forget);
}

/** Forgets the session's data: everything registered with forgetWithSession. */
export function forgetSessionData(): void {
  for (const forget of forgetters) forget();
}
