import { MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { pastedLines } from '@/features/admin/api/admin-invites';
import { checkTier } from '@/features/admin/components/tier-limits';

describe('admin page: a pasted list of addresses', () => {
  it('splits at line breaks, commas, semicolons and spaces and drops blanks, keeping each line as typed', () => {
    expect(pastedLines('a@example.com\n\n b@example.com, C@Example.com;not an address\r\n')).toEqual([
      'a@example.com',
      'b@example.com',
      'C@Example.com',
      'not',
      'an',
      'address',
    ]);
    expect(pastedLines('  \n ,; ')).toEqual([]);
  });
});

describe('admin page: a tier checked at its fields with the server’s rules', () => {
  it('names each bad field with the shared text and takes good values as numbers', () => {
    const bad = checkTier({ name: '', maxGroups: '0', maxMembersPerGroup: 'ten' });
    expect(bad.errors).toEqual({
      name: MESSAGES.tierNameInvalid,
      maxGroups: MESSAGES.tierMaxGroupsInvalid,
      maxMembersPerGroup: MESSAGES.tierMaxMembersInvalid,
    });
    expect(checkTier({ name: ' Pro ', maxGroups: '10', maxMembersPerGroup: '50' }).fields).toEqual({
      name: 'Pro',
      maxGroups: 10,
      maxMembersPerGroup: 50,
    });
  });

  it('refuses an empty limit and a fraction, and ignores the name when only limits are asked', () => {
    const limits = checkTier({ name: '', maxGroups: '', maxMembersPerGroup: '2.5' }, false);
    expect(limits.errors).toEqual({
      maxGroups: MESSAGES.tierMaxGroupsInvalid,
      maxMembersPerGroup: MESSAGES.tierMaxMembersInvalid,
    });
    expect(checkTier({ name: '', maxGroups: '3', maxMembersPerGroup: '4' }, false).errors).toBeNull();
  });
});
