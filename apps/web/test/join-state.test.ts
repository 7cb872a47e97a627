import { MESSAGES } from '@pushup/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientJoinRefusal,
  JOIN_LABELS,
  type JoinContext,
  joinStatusOf,
  refusalStatus,
} from '@/features/groups/join-state';
import { activateLocale } from '@/lib/i18n/catalog';

// The labels are read in the active language: English here.
beforeAll(() => activateLocale('en'));

const context = (partial: Partial<Record<keyof JoinContext, string[]>> = {}): JoinContext => ({
  memberOf: new Set(partial.memberOf),
  pending: new Set(partial.pending),
  rejected: new Set(partial.rejected),
});
const group = { id: 'g1', memberCount: 3, maxMembers: 10 };
const quota = { maxGroups: 5, remainingGroups: 2 };

describe('join button states (docs/product.md, "Screens" and "States and transitions")', () => {
  it('has the seven labels of the spec', () => {
    expect(Object.values(JOIN_LABELS)).toEqual([
      'Join',
      'Joining...',
      'Request Pending',
      'Cancelling...',
      'Joined',
      'Rejected',
      'Cannot Join',
    ]);
  });

  it('derives Joined, Request Pending, Rejected and Join from the user’s lists', () => {
    expect(joinStatusOf(group, context({ memberOf: ['g1'] }))).toBe('joined');
    expect(joinStatusOf(group, context({ pending: ['g1'] }))).toBe('pending');
    expect(joinStatusOf(group, context({ rejected: ['g1'] }))).toBe('rejected');
    expect(joinStatusOf(group, context({ memberOf: ['g2'], pending: ['g3'] }))).toBe('join');
  });

  it('shows Cannot Join for a full group and after a negative eligibility check', () => {
    expect(joinStatusOf({ ...group, memberCount: 10 }, context())).toBe('cannot-join');
    expect(joinStatusOf(group, context(), 'cannot-join')).toBe('cannot-join');
    expect(joinStatusOf(group, context(), 'rejected')).toBe('rejected');
    // Membership outranks an earlier refusal (accepted meanwhile).
    expect(joinStatusOf(group, context({ memberOf: ['g1'] }), 'rejected')).toBe('joined');
  });

  it('a can-join reason naming a rejection means Rejected', () => {
    expect(refusalStatus(MESSAGES.previouslyRejected)).toBe('rejected');
    expect(refusalStatus(MESSAGES.serverGroupFull)).toBe('cannot-join');
  });
});

describe('client-side eligibility (docs/product.md, "Validation")', () => {
  it('refuses with the spec’s texts, in the spec’s order', () => {
    expect(clientJoinRefusal('g1', context({ memberOf: ['g1'], pending: ['g1'] }), quota)).toBe(
      'You are already a member of this group',
    );
    expect(clientJoinRefusal('g1', context({ pending: ['g1'] }), quota)).toBe(
      'You already have a pending join request for this group',
    );
    expect(clientJoinRefusal('g1', context({ rejected: ['g1'] }), quota)).toBe(
      'Your request to join this group was previously rejected. Please contact a group admin if you wish to join.',
    );
    expect(clientJoinRefusal('g1', context(), { maxGroups: 5, remainingGroups: 0 })).toBe(
      'You have reached the maximum number of groups',
    );
    expect(clientJoinRefusal('g1', context(), quota)).toBeNull();
  });
});
