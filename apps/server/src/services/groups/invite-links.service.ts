import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateInviteInput,
  deadInviteCheck,
  INVITE_CODE_BYTES,
  type Invite,
  type InviteAccept,
  type InviteCheck,
  type InvitePreview,
  MESSAGES,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type { InviteLinkRow, InviteWithCreator } from '../../repositories/invite-links.repository';
import { writeMemberJoinedLine } from '../challenges/feed-writes';
import { earnFirstGroup } from '../habits/earning';
import { groupFull, limitReached, lockAsAdmin, lockCaller, requireAdmin, requireGroup } from './group-access';

const inviteNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverInviteNotFound);

function toInvite(row: InviteWithCreator): Invite {
  return {
    inviteId: row.id,
    code: row.code,
    groupId: row.group_id,
    createdBy: { uuid: row.created_by, username: row.creator_username },
    maxUses: row.max_uses,
    uses: row.uses,
    expiresAt: row.expires_at,
    created_at: row.created_at,
  };
}

/** Why an invite link cannot be used now, or null when it can. */
function inviteRefusal(invite: InviteLinkRow, now: string): string | null {
  if (invite.revoked_at !== null) return MESSAGES.serverInviteRevoked;
  if (invite.expires_at <= now) return MESSAGES.serverInviteExpired;
  if (invite.max_uses !== null && invite.uses >= invite.max_uses) return MESSAGES.serverInviteUsedUp;
  return null;
}

/** A group's invite links: made, listed and revoked by admins, checked and used by anyone signed in. */
export class InviteLinksService {
  constructor(private readonly repos: Repositories) {}

  async createInvite(auth: AuthContext, groupId: string, body: CreateInviteInput): Promise<Invite> {
    const now = new Date();
    const id = randomUUID();
    await this.repos.transaction(async (repos) => {
      // Under the group lock: a group deleted meanwhile is a 404, not a foreign-key error.
      const { userUuid: adminUuid } = await lockAsAdmin(repos, auth, groupId);
      await repos.inviteLinks.insertInvite({
        id,
        group_id: groupId,
        // URL-safe, 192 random bits: not guessable, and fine in a path.
        code: randomBytes(INVITE_CODE_BYTES).toString('base64url'),
        created_by: adminUuid,
        max_uses: body.maxUses,
        uses: 0,
        expires_at: new Date(now.getTime() + body.expiresInDays * 86_400_000).toISOString(),
        revoked_at: null,
        created_at: now.toISOString(),
      });
    });
    const invite = await this.repos.inviteLinks.findInvite(id);
    if (!invite) throw inviteNotFound();
    return toInvite(invite);
  }

  async listInvites(auth: AuthContext, groupId: string): Promise<Invite[]> {
    await requireAdmin(this.repos, auth, groupId);
    return (await this.repos.inviteLinks.invitesOfGroup(groupId)).map(toInvite);
  }

  async revokeInvite(auth: AuthContext, groupId: string, inviteId: string): Promise<void> {
    await this.repos.transaction(async (repos) => {
      await lockAsAdmin(repos, auth, groupId);
      const invite = await repos.inviteLinks.findInvite(inviteId);
      if (!invite || invite.group_id !== groupId || invite.revoked_at !== null) throw inviteNotFound();
      await repos.inviteLinks.revokeInvite(inviteId, new Date().toISOString());
    });
  }

  async checkInvite(auth: AuthContext, code: string): Promise<InviteCheck> {
    const invite = await this.repos.inviteLinks.findInviteByCode(code);
    if (!invite) throw inviteNotFound();
    const isMember = auth.userUuid
      ? (await this.repos.memberships.roleOf(invite.group_id, auth.userUuid)) !== undefined
      : false;
    // A dead link tells an outsider its reason only; a member sees their own group as before.
    const dead = inviteRefusal(invite, new Date().toISOString());
    if (dead && !isMember) return deadInviteCheck(dead);
    const group = await requireGroup(this.repos, invite.group_id);
    const refusal =
      dead ?? (!isMember && group.member_count >= group.max_members ? MESSAGES.serverGroupFull : null);
    return {
      valid: refusal === null,
      reason: refusal ?? '',
      groupId: group.id,
      groupName: group.name,
      memberCount: group.member_count,
      maxMembers: group.max_members,
      isMember,
      expiresAt: invite.expires_at,
    };
  }

  /**
   * Public, no caller: the group name of a link that could be used now, so that someone signed out
   * sees which group invites them. A dead link says nothing, not even why: it returns what an unknown
   * code does.
   */
  async previewInvite(code: string): Promise<InvitePreview> {
    const invite = await this.repos.inviteLinks.findInviteByCode(code);
    if (!invite || inviteRefusal(invite, new Date().toISOString())) throw inviteNotFound();
    const group = await requireGroup(this.repos, invite.group_id);
    return { groupName: group.name };
  }

  /**
   * Joins through an invite link. Already a member: a success that uses nothing. An admin's link
   * overrides an earlier rejection; a pending request of the caller turns into the membership.
   */
  async acceptInvite(auth: AuthContext, code: string): Promise<InviteAccept> {
    return this.repos.transaction(async (repos) => {
      const user = await lockCaller(repos, auth);
      const found = await repos.inviteLinks.findInviteByCode(code);
      if (!found) throw inviteNotFound();
      await repos.groups.lockGroup(found.group_id);
      // Read again under the lock: revoked, used up or deleted (with its group or its creator's
      // account) meanwhile.
      const invite = await repos.inviteLinks.findInviteByCode(code);
      if (!invite) throw inviteNotFound();
      const group = await requireGroup(repos, invite.group_id);
      const joined = { groupId: group.id, groupName: group.name };
      if (await repos.memberships.roleOf(group.id, user.uuid)) return { ...joined, alreadyMember: true };
      const now = new Date().toISOString();
      const refusal = inviteRefusal(invite, now);
      if (refusal) throw new AppError('INVITE_INVALID', refusal);
      const request = await repos.joinRequests.findRequest(group.id, user.uuid);
      const used = (await repos.memberships.groupsInUse(user.uuid)) - (request?.status === 'pending' ? 1 : 0);
      if (used >= user.max_groups) throw limitReached();
      if (request) await repos.joinRequests.deleteRequest(group.id, user.uuid, [request.status]);
      if (!(await repos.inviteLinks.useInvite(invite.id, now))) {
        throw new AppError('INVITE_INVALID', MESSAGES.serverInviteUsedUp);
      }
      if (!(await repos.groups.takeSeat(group.id, now))) throw groupFull();
      await repos.memberships.insertMember(group.id, user.uuid, 'member', now);
      await writeMemberJoinedLine(repos, group.id, user.uuid, now);
      await earnFirstGroup(repos, user.uuid, now);
      return { ...joined, alreadyMember: false };
    });
  }
}
