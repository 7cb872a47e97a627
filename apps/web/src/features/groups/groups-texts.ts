import { t } from '@lingui/core/macro';

/**
 * Our wording for the group pages where the spec gives none (its failure texts live in the shared
 * MESSAGES and reach the screen as the ApiError's message). Each text is read in the active
 * language when it is used, so these are getters and functions, never fixed strings.
 */
export const GROUP_TEXTS = {
  promoted: (username: string) => t`${username} is now an admin`,
  demoted: (username: string) => t`${username} is now a member`,
  removed: (username: string) => t`${username} was removed from the group`,
  approved: (username: string) => t`${username} joined the group`,
  rejected: (username: string) => t`Join request of ${username} rejected`,
  allowed: (username: string) => t`${username} may ask to join again`,
  get inviteCreatedAndCopied() {
    return t`Invite link created and copied`;
  },
  get inviteCopied() {
    return t`Invite link copied`;
  },
  get shareLinkCopied() {
    return t`Share link copied`;
  },
  get linkSelected() {
    return t`The link is selected: press Ctrl+C (or ⌘C) to copy it`;
  },
  get inviteRevoked() {
    return t`Invite link revoked`;
  },
  left: (group: string) => t`You left ${group}`,
  deleted: (group: string) => t`${group} was deleted`,
  joined: (group: string) => t`You joined ${group}`,
  get failedToDeleteGroup() {
    return t`Failed to delete group`;
  },
  get noGroups() {
    return t`You are not in any group yet`;
  },
  get groupNotFound() {
    return t`Group not found`;
  },
};
