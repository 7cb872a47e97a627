/** The link a group admin shares: the app's own /invite/:code page. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/invite/${encodeURIComponent(code)}`;
}

/** The group's share page: public info and the Join button. */
export function groupShareLink(groupId: string): string {
  return `${window.location.origin}/groups/${encodeURIComponent(groupId)}/join`;
}

/** A group's home in the app (its board, chart and members), as a route. */
export function groupHomePath(groupId: string): string {
  return `/groups/${encodeURIComponent(groupId)}`;
}

/** A group's share page as a route (a group the user is not in). */
export function groupJoinPath(groupId: string): string {
  return `/groups/${encodeURIComponent(groupId)}/join`;
}
