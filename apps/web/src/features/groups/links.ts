/** The link a group admin shares: the app's own /invite/:code page. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/invite/${encodeURIComponent(code)}`;
}

/** The group's share page: public info and the Join button. */
export function groupShareLink(groupId: string): string {
  return `${window.location.origin}/groups/${encodeURIComponent(groupId)}/join`;
}
