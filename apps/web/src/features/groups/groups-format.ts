import { plural, t } from '@lingui/core/macro';
import {
  type CreateInviteBody,
  type GroupMember,
  INVITE_EXPIRY_DAYS,
  INVITE_EXPIRY_MAX_DAYS,
  INVITE_MAX_USES_MAX,
  type Invite,
} from '@pushup/shared';
import { sharedMessage } from '@/lib/i18n/catalog';
import { dateTimeFormat, formatNumber } from '@/lib/i18n/format';

/**
 * The pure rules of the group pages: what an invite link's state is, how counts and dates read,
 * what the invite form means, and what leaving a group does. Kept apart from the components so
 * they can be tested directly. Every text comes out in the active language.
 */

export type InviteState = 'active' | 'expired' | 'used-up';

/** An invite the server still lists (not revoked): usable, past its expiry, or out of uses. */
export function inviteState(invite: Pick<Invite, 'expiresAt' | 'maxUses' | 'uses'>, now: Date): InviteState {
  if (Date.parse(invite.expiresAt) <= now.getTime()) return 'expired';
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return 'used-up';
  return 'active';
}

/** Read in the active language when used. */
export const INVITE_STATE_LABELS: Readonly<Record<InviteState, string>> = {
  get active() {
    return t`Active`;
  },
  get expired() {
    return t`Expired`;
  },
  get 'used-up'() {
    return t`Used up`;
  },
};

/** '0 / 5 uses', or '3 uses, no limit' for an invite without maxUses. */
export function inviteUsesLabel(invite: Pick<Invite, 'maxUses' | 'uses'>): string {
  const { uses, maxUses } = invite;
  if (maxUses === null) return t`${plural(uses, { one: '# use, no limit', other: '# uses, no limit' })}`;
  const used = formatNumber(uses);
  return t`${used} / ${plural(maxUses, { one: '# use', other: '# uses' })}`;
}

/** 'Nov 22, 2026' in the active language, from an ISO timestamp. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** 'Nov 22, 2026, 4:05 PM' in the active language: two links made the same day read apart. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** The end of an invite link's code, which the link field cuts off on a phone: '…x7Kq2a'. */
export function codeTail(code: string): string {
  return code.length <= 6 ? code : `…${code.slice(-6)}`;
}

/** 'Expires Dec 22, 2026' or 'Expired Dec 22, 2026'; with a subject, 'Link expires Dec 22, 2026'. */
export function expiryLabel(expiresAt: string, now: Date, subject?: string): string {
  const date = formatDate(expiresAt);
  const expired = Date.parse(expiresAt) <= now.getTime();
  if (subject) return expired ? t`${subject} expired ${date}` : t`${subject} expires ${date}`;
  return expired ? t`Expired ${date}` : t`Expires ${date}`;
}

/** '3 / 10 members'. */
export function membersLabel(memberCount: number, maxMembers: number): string {
  const members = formatNumber(memberCount);
  return t`${members} / ${plural(maxMembers, { one: '# member', other: '# members' })}`;
}

export type InviteFormResult =
  | { ok: true; body: Required<CreateInviteBody> }
  | { ok: false; field: 'maxUses' | 'expiresInDays'; message: string };

const WHOLE_NUMBER = /^\d+$/;

/**
 * The invite form: max uses (empty means unlimited, else 1 to 1000) and the expiry in days (1 to
 * 365; empty means the default 30). The messages are the server's own, so both sides agree.
 */
export function parseInviteForm(maxUses: string, expiresInDays: string): InviteFormResult {
  const uses = maxUses.trim();
  let parsedUses: number | null = null;
  if (uses !== '') {
    parsedUses = WHOLE_NUMBER.test(uses) ? Number(uses) : Number.NaN;
    if (!(parsedUses >= 1 && parsedUses <= INVITE_MAX_USES_MAX)) {
      return { ok: false, field: 'maxUses', message: sharedMessage('inviteMaxUsesInvalid') };
    }
  }
  const days = expiresInDays.trim();
  let parsedDays = INVITE_EXPIRY_DAYS;
  if (days !== '') {
    parsedDays = WHOLE_NUMBER.test(days) ? Number(days) : Number.NaN;
    if (!(parsedDays >= 1 && parsedDays <= INVITE_EXPIRY_MAX_DAYS)) {
      return { ok: false, field: 'expiresInDays', message: sharedMessage('inviteExpiryInvalid') };
    }
  }
  return { ok: true, body: { maxUses: parsedUses, expiresInDays: parsedDays } };
}

/**
 * What happens when `myUuid` leaves (docs/product.md, "Data rules"): the group is deleted when they are its
 * last member; a last admin hands over to the longest-standing other member (members arrive
 * longest-standing first, but the order is checked here, not assumed).
 */
export type LeaveOutcome =
  | { kind: 'deleted' }
  | { kind: 'handover'; successor: string }
  | { kind: 'plain' }
  | { kind: 'unknown' };

export function leaveOutcome(members: GroupMember[] | undefined, myUuid: string | undefined): LeaveOutcome {
  if (!members || !myUuid) return { kind: 'unknown' };
  const me = members.find((member) => member.uuid === myUuid);
  if (!me) return { kind: 'unknown' };
  const others = members.filter((member) => member.uuid !== myUuid);
  if (others.length === 0) return { kind: 'deleted' };
  if (me.role !== 'admin' || others.some((member) => member.role === 'admin')) return { kind: 'plain' };
  const successor = [...others].sort((a, b) => Date.parse(a.joinedAt) - Date.parse(b.joinedAt))[0];
  return successor ? { kind: 'handover', successor: successor.username } : { kind: 'unknown' };
}

/**
 * The user's groups with those where join requests wait first (an admin's, docs/product.md,
 * "Group pages"), otherwise in the server's order.
 */
export function waitingFirst<T extends { pendingRequests: number }>(groups: readonly T[]): T[] {
  return [...groups].sort((a, b) => Number(b.pendingRequests > 0) - Number(a.pendingRequests > 0));
}
