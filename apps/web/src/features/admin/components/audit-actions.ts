import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditActionName } from '@pushup/shared';

/** What each recorded action is called on the page (the trail and its CSV keep the action's key). */
export const AUDIT_ACTION_NAMES: Record<AuditActionName, MessageDescriptor> = {
  invite: msg`Invited`,
  uninvite: msg`Invite removed`,
  tier: msg`Tier changed`,
  'grant-admin': msg`Operator granted`,
  'revoke-admin': msg`Operator revoked`,
  restore: msg`Backup restored`,
  'disable-sign-in': msg`Sign-in disabled`,
  'enable-sign-in': msg`Sign-in enabled`,
  'account-deleted': msg`Account deleted`,
  'group-deleted': msg`Group deleted`,
  'tier-created': msg`Tier created`,
  'tier-edited': msg`Tier edited`,
};

export function isAuditAction(action: string): action is AuditActionName {
  return Object.hasOwn(AUDIT_ACTION_NAMES, action);
}
