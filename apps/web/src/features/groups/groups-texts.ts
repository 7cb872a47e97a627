/**
 * Our wording for the group pages where the spec gives none (its failure texts live in the shared
 * MESSAGES and reach the screen as the ApiError's message).
 */
export const GROUP_TEXTS = {
  promoted: (username: string) => `${username} is now an admin`,
  demoted: (username: string) => `${username} is now a member`,
  removed: (username: string) => `${username} was removed from the group`,
  approved: (username: string) => `${username} joined the group`,
  rejected: (username: string) => `Join request of ${username} rejected`,
  allowed: (username: string) => `${username} may ask to join again`,
  inviteCreated: 'Invite link created',
  inviteCopied: 'Invite link copied',
  shareLinkCopied: 'Share link copied',
  linkSelected: 'The link is selected: press Ctrl+C (or ⌘C) to copy it',
  inviteRevoked: 'Invite link revoked',
  left: (group: string) => `You left ${group}`,
  deleted: (group: string) => `${group} was deleted`,
  joined: (group: string) => `You joined ${group}`,
  failedToDeleteGroup: 'Failed to delete group',
  noGroups: 'You are not in any group yet',
  groupNotFound: 'Group not found',
} as const;
