import { t } from '@lingui/core/macro';
import type { Group, GroupQuota } from '@pushup/shared';
import { sharedMessage } from '@/lib/i18n/catalog';

/** The join button of a group (docs/product.md, "Screens" and "States and transitions"), one label per state. */
export type JoinStatus =
  | 'join'
  | 'joining'
  | 'pending'
  | 'cancelling'
  | 'joined'
  | 'rejected'
  | 'cannot-join';

/** Read in the active language when used. */
export const JOIN_LABELS: Readonly<Record<JoinStatus, string>> = {
  get join() {
    return t`Join`;
  },
  get joining() {
    return t`Joining...`;
  },
  get pending() {
    return t`Request Pending`;
  },
  get cancelling() {
    return t`Cancelling...`;
  },
  get joined() {
    return t`Joined`;
  },
  get rejected() {
    return t`Rejected`;
  },
  get 'cannot-join'() {
    return t`Cannot Join`;
  },
};

/** What the client knows of the user's standing: groups joined, pending and rejected requests. */
export interface JoinContext {
  memberOf: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  rejected: ReadonlySet<string>;
}

/**
 * The resting state of a group's button. `refused` is what a negative eligibility check returned
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
  if (context.memberOf.has(groupId)) return sharedMessage('alreadyMember');
  if (context.pending.has(groupId)) return sharedMessage('alreadyPending');
  if (context.rejected.has(groupId)) return sharedMessage('previouslyRejected');
  if (quota.remainingGroups <= 0) return sharedMessage('maxGroupsReached');
  return null;
}

/** A negative can-join response (the server's English reason): 'Rejected' when it says so, else 'Cannot Join'. */
export function refusalStatus(reason: string): 'rejected' | 'cannot-join' {
  return /rejected/i.test(reason) ? 'rejected' : 'cannot-join';
}
