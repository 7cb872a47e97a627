import { type Group, type GroupQuota, MESSAGES } from '@pushup/shared';

/** The join button of a group (docs/product.md, "Screens" and "States and transitions"), one label per state. */
export type JoinStatus =
  | 'join'
  | 'joining'
  | 'pending'
  | 'cancelling'
  | 'joined'
  | 'rejected'
  | 'cannot-join';

export const JOIN_LABELS: Record<JoinStatus, string> = {
  join: 'Join',
  joining: 'Joining...',
  pending: 'Request Pending',
  cancelling: 'Cancelling...',
  joined: 'Joined',
  rejected: 'Rejected',
  'cannot-join': 'Cannot Join',
};

/** What the client knows of the user's standing: groups joined, pending and rejected requests. */
export interface JoinContext {
  memberOf: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  rejected: ReadonlySet<string>;
}

/**
 * The resting state of a group's button. `refused` is what a negative eligibility check answered
 * for this group during the visit (it outranks a free seat).
 */
export function joinStatusOf(
  group: Pick<Group, 'id' | 'memberCount' | 'maxMembers'>,
  context: JoinContext,
  refused: 'rejected' | 'cannot-join' | null = null,
): JoinStatus {
  if (context.memberOf.has(group.id)) return 'joined';
  if (context.pending.has(group.id)) return 'pending';
  if (context.rejected.has(group.id)) return 'rejected';
  if (refused) return refused;
  if (group.memberCount >= group.maxMembers) return 'cannot-join';
  return 'join';
}

/**
 * The client-side eligibility check of docs/product.md, "Validation", before asking the server: the spec's
 * refusal text, or null. The quota counts groups joined plus pending requests.
 */
export function clientJoinRefusal(groupId: string, context: JoinContext, quota: GroupQuota): string | null {
  if (context.memberOf.has(groupId)) return MESSAGES.alreadyMember;
  if (context.pending.has(groupId)) return MESSAGES.alreadyPending;
  if (context.rejected.has(groupId)) return MESSAGES.previouslyRejected;
  if (quota.remainingGroups <= 0) return MESSAGES.maxGroupsReached;
  return null;
}

/** A negative can-join answer: 'Rejected' when its reason says so, else 'Cannot Join'. */
export function refusalStatus(reason: string): 'rejected' | 'cannot-join' {
  return /rejected/i.test(reason) ? 'rejected' : 'cannot-join';
}
