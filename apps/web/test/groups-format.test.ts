import { type GroupMember, MESSAGES } from '@pushup/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codeTail,
  expiryLabel,
  formatDateTime,
  inviteState,
  inviteUsesLabel,
  leaveOutcome,
  membersLabel,
  parseInviteForm,
} from '@/features/groups/groups-format';
import { activateLocale } from '@/lib/i18n/catalog';

// The labels are read in the active language: English here.
beforeAll(() => activateLocale('en'));

const now = new Date('2026-11-22T12:00:00Z');

describe('an invite link’s state', () => {
  const invite = { expiresAt: '2026-12-22T12:00:00Z', maxUses: 5, uses: 2 };

  it('is active before its expiry with uses left', () => {
    expect(inviteState(invite, now)).toBe('active');
    expect(inviteState({ ...invite, maxUses: null, uses: 900 }, now)).toBe('active');
  });

  it('is expired from its expiry instant on, even with uses left', () => {
    expect(inviteState({ ...invite, expiresAt: '2026-11-22T12:00:00Z' }, now)).toBe('expired');
    expect(inviteState({ ...invite, expiresAt: '2026-11-01T00:00:00Z', uses: 5 }, now)).toBe('expired');
  });

  it('is used up when its uses reach maxUses', () => {
    expect(inviteState({ ...invite, uses: 5 }, now)).toBe('used-up');
  });

  it('reads its uses and expiry', () => {
    expect(inviteUsesLabel(invite)).toBe('2 / 5 uses');
    expect(inviteUsesLabel({ maxUses: 1, uses: 0 })).toBe('0 / 1 use');
    expect(inviteUsesLabel({ maxUses: null, uses: 1 })).toBe('1 use, no limit');
    expect(expiryLabel(invite.expiresAt, now)).toMatch(/^Expires .*2026/);
    expect(expiryLabel('2026-11-01T00:00:00Z', now)).toMatch(/^Expired /);
    expect(expiryLabel(invite.expiresAt, now, 'Link')).toMatch(/^Link expires .*2026/);
    expect(expiryLabel('2026-11-01T00:00:00Z', now, 'Link')).toMatch(/^Link expired /);
    expect(membersLabel(3, 10)).toBe('3 / 10 members');
  });

  it('reads apart from the others: the end of its code, and when it was made to the minute', () => {
    expect(codeTail('AbCdEfGhIjKlMnOpQrStUv')).toBe('…QrStUv');
    expect(codeTail('abc')).toBe('abc');
    expect(formatDateTime('2026-11-22T15:04:00Z')).toMatch(/^Nov 2[23], 2026, \d{1,2}:04\s?[AP]M$/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('the invite form', () => {
  it('sends null for empty max uses and 30 days by default', () => {
    expect(parseInviteForm('', '')).toEqual({ ok: true, body: { maxUses: null, expiresInDays: 30 } });
    expect(parseInviteForm(' 5 ', '7')).toEqual({ ok: true, body: { maxUses: 5, expiresInDays: 7 } });
    expect(parseInviteForm('1000', '365')).toEqual({ ok: true, body: { maxUses: 1000, expiresInDays: 365 } });
  });

  it('refuses max uses outside 1..1000 or not whole, with the server’s message', () => {
    for (const raw of ['0', '1001', '2.5', '-1', 'abc', '1e2']) {
      expect(parseInviteForm(raw, '30')).toEqual({
        ok: false,
        field: 'maxUses',
        message: MESSAGES.inviteMaxUsesInvalid,
      });
    }
  });

  it('refuses an expiry outside 1..365 days', () => {
    for (const raw of ['0', '366', '1.5', 'x']) {
      expect(parseInviteForm('', raw)).toEqual({
        ok: false,
        field: 'expiresInDays',
        message: MESSAGES.inviteExpiryInvalid,
      });
    }
  });
});

describe('what leaving does', () => {
  const member = (uuid: string, role: 'admin' | 'member', joinedAt: string): GroupMember => ({
    uuid,
    username: `user-${uuid}`,
    role,
    joinedAt,
  });

  it('deletes the group when the last member leaves', () => {
    expect(leaveOutcome([member('a', 'admin', '2026-01-01T00:00:00Z')], 'a')).toEqual({ kind: 'deleted' });
  });

  it('hands a last admin’s role to the longest-standing other member', () => {
    const members = [
      member('c', 'member', '2026-03-01T00:00:00Z'),
      member('a', 'admin', '2026-01-01T00:00:00Z'),
      member('b', 'member', '2026-02-01T00:00:00Z'),
    ];
    expect(leaveOutcome(members, 'a')).toEqual({ kind: 'handover', successor: 'user-b' });
  });

  it('changes nothing else when another admin stays or a member leaves', () => {
    const members = [
      member('a', 'admin', '2026-01-01T00:00:00Z'),
      member('b', 'admin', '2026-02-01T00:00:00Z'),
    ];
    expect(leaveOutcome(members, 'a')).toEqual({ kind: 'plain' });
    expect(leaveOutcome([...members, member('c', 'member', '2026-03-01T00:00:00Z')], 'c')).toEqual({
      kind: 'plain',
    });
  });

  it('does not guess before the members or the user are known', () => {
    expect(leaveOutcome(undefined, 'a')).toEqual({ kind: 'unknown' });
    expect(leaveOutcome([member('a', 'admin', '2026-01-01T00:00:00Z')], undefined)).toEqual({
      kind: 'unknown',
    });
  });
});
