/** The page of a challenge (the router's /groups/:id/challenges/:challengeId). */
export function challengePath(groupId: string, challengeId: string): string {
  return `/groups/${encodeURIComponent(groupId)}/challenges/${encodeURIComponent(challengeId)}`;
}
