import {
  ADMIN_INVITE_BATCH_MAX,
  type AdminInviteBody,
  type AdminInviteList,
  type AdminInviteResult,
  type AdminTier,
  type AdminUser,
  type AdminUsersPage,
  MESSAGES,
} from '@pushup/shared';
import type { AuthContext, OperatorContext } from '../../auth/context';
import type { IdentityProvider } from '../../auth/identity';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type { UserForOperator } from '../../repositories/users.repository';
import { recordOperatorAction } from '../operators/audit-trail';
import { AdminService, EMAIL_ADDRESS } from './admin.service';
import type { UsersService } from './users.service';

/** The longest an address can be written: 64 characters, '@', a 255-character domain. */
const EMAIL_MAX_LENGTH = 320;
/** How much of a refused line the answer repeats. */
const REFUSED_LINE_MAX = 100;

/** A pasted list's separators: line breaks, spaces, commas and semicolons. */
const SEPARATORS = /[\s,;]+/;

/** The lines of a bulk invite, blank ones skipped: `emails` as sent, `text` split at its separators. */
function linesOf(body: AdminInviteBody): string[] {
  const fromList = (body.emails ?? []).map((line) => line.trim());
  const fromText = body.text === undefined ? [] : body.text.split(SEPARATORS);
  return [...fromList, ...fromText].filter((line) => line !== '');
}

/** Why a line is not an address to invite, or null when it is one. */
function refusalOf(line: string): string | null {
  if (line.length > EMAIL_MAX_LENGTH) return MESSAGES.adminInviteTooLong;
  return EMAIL_ADDRESS.test(line) ? null : MESSAGES.adminInviteNotAnEmail;
}

const shortened = (line: string) =>
  line.length > REFUSED_LINE_MAX ? `${line.slice(0, REFUSED_LINE_MAX)}…` : line;

function toAdminUser(row: UserForOperator, caller: AuthContext): AdminUser {
  return {
    uuid: row.uuid,
    username: row.username,
    email: row.email,
    emailVerified: row.email !== '',
    createdAt: row.created_at,
    lastActiveDay: row.last_day,
    totalPushups: row.total_pushups,
    groupCount: row.group_count,
    tier: { maxGroups: row.max_groups, maxMembersPerGroup: row.max_members_per_group },
    disabled: row.disabled_at !== null,
    self: row.firebase_uid === caller.uid,
  };
}

const userNotFound = () => new AppError('NOT_FOUND', MESSAGES.serverUserNotFound);

/**
 * The admin page's calls on invites and users (docs/security.md, "Operators"). The routes check
 * that the caller is an operator before any of these runs and pass who they are as the operator;
 * invites and tiers go through AdminService, as the command line's do, and a deletion through the
 * erasure of the user's own deletion (UsersService.eraseAccount). Each change and its line of the
 * audit trail commit together; a call that changes nothing records nothing.
 */
export class AdminUsersService {
  private readonly admin: AdminService;

  constructor(
    private readonly repos: Repositories,
    private readonly users: UsersService,
    private readonly identity: IdentityProvider,
  ) {
    this.admin = new AdminService(repos);
  }

  /**
   * Every invite, newest first. Its state: verified when an account confirmed the address (the
   * profile stores only a confirmed one); signed-up when an identity account signed up with it
   * unconfirmed, which only the identity provider knows; else invited.
   */
  async listInvites(_operator: OperatorContext): Promise<AdminInviteList> {
    const rows = await this.repos.invites.listForOperator();
    const open = rows.filter((row) => row.confirmed === 0).map((row) => row.email_lower);
    const signedUp = open.length > 0 ? await this.identity.unconfirmedSignUps(open) : new Set<string>();
    return {
      invites: rows.map((row) => ({
        email: row.email_lower,
        state: row.confirmed ? 'verified' : signedUp.has(row.email_lower) ? 'signed-up' : 'invited',
        tier:
          row.max_groups === null || row.max_members_per_group === null
            ? null
            : { maxGroups: row.max_groups, maxMembersPerGroup: row.max_members_per_group },
        invitedAt: row.invited_at,
      })),
    };
  }

  /**
   * A pasted list: each line that is not an address is named with why (and a line repeated), the
   * addresses are invited (AdminService.inviteAll: one audit line each), and those invited already
   * are said so and left as they were.
   */
  async invite(operator: OperatorContext, body: AdminInviteBody): Promise<AdminInviteResult> {
    const lines = linesOf(body);
    if (lines.length === 0) throw new AppError('VALIDATION_ERROR', MESSAGES.adminInviteEmpty);
    if (lines.length > ADMIN_INVITE_BATCH_MAX) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.adminInviteTooMany);
    }
    const good: string[] = [];
    const refused: AdminInviteResult['refused'] = [];
    for (const line of lines) {
      const refusal = refusalOf(line);
      const email = line.toLowerCase();
      if (refusal) refused.push({ line: shortened(line), reason: refusal });
      else if (good.includes(email)) refused.push({ line, reason: MESSAGES.adminInviteRepeated });
      else good.push(email);
    }
    const added = good.length > 0 ? await this.admin.inviteAll(operator, good, body.tier) : [];
    return { added, alreadyInvited: good.filter((email) => !added.includes(email)), refused };
  }

  async uninvite(operator: OperatorContext, email: string): Promise<void> {
    if (!(await this.admin.uninvite(operator, email))) {
      throw new AppError('NOT_FOUND', MESSAGES.adminInviteNotFound);
    }
  }

  async search(
    _operator: OperatorContext,
    caller: AuthContext,
    query: { q?: string | undefined; offset: number; limit: number },
  ): Promise<AdminUsersPage> {
    const { rows, total } = await this.repos.users.searchForOperator(
      query.q ?? '',
      query.offset,
      query.limit,
    );
    const next = query.offset + rows.length;
    return {
      users: rows.map((row) => toAdminUser(row, caller)),
      total,
      nextOffset: rows.length > 0 && next < total ? next : null,
    };
  }

  async setTier(
    operator: OperatorContext,
    caller: AuthContext,
    uuid: string,
    tier: AdminTier,
  ): Promise<AdminUser> {
    const assigned = await this.admin.setTierOfUser(operator, uuid, tier.maxGroups, tier.maxMembersPerGroup);
    if (!assigned) throw userNotFound();
    return this.view(uuid, caller);
  }

  /**
   * Disables the account's sign-in: its row's disabled_at refuses its token at once in every API
   * process (plugins/auth.ts), and the identity provider refuses it a new one. Both or neither: the
   * identity provider is told inside the transaction, so its failure rolls the row back.
   */
  disable(operator: OperatorContext, caller: AuthContext, uuid: string): Promise<AdminUser> {
    return this.setDisabled(operator, caller, uuid, true);
  }

  enable(operator: OperatorContext, caller: AuthContext, uuid: string): Promise<AdminUser> {
    return this.setDisabled(operator, caller, uuid, false);
  }

  /**
   * Deletes the account as its owner's own deletion does, after the operator typed its username
   * (exactly as the page shows it). The line in the trail names the operator, never the account.
   */
  async deleteUser(
    operator: OperatorContext,
    caller: AuthContext,
    uuid: string,
    confirmUsername: string,
  ): Promise<void> {
    const user = await this.repos.users.findForOperator(uuid);
    if (!user) throw userNotFound();
    if (user.firebase_uid === caller.uid) throw new AppError('CONFLICT', MESSAGES.adminCannotDeleteSelf);
    if (confirmUsername.trim() !== user.username) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.adminDeleteUsernameMismatch);
    }
    await this.users.eraseAccount(user.firebase_uid, null, operator);
  }

  private async setDisabled(
    operator: OperatorContext,
    caller: AuthContext,
    uuid: string,
    disabled: boolean,
  ): Promise<AdminUser> {
    const user = await this.repos.users.findForOperator(uuid);
    if (!user) throw userNotFound();
    if (disabled && user.firebase_uid === caller.uid) {
      throw new AppError('CONFLICT', MESSAGES.adminCannotDisableSelf);
    }
    await this.repos.transaction(async (repos) => {
      const changed = await repos.users.setDisabled(uuid, disabled ? new Date().toISOString() : null);
      if (changed) {
        const action = disabled ? 'disable-sign-in' : 'enable-sign-in';
        await recordOperatorAction(repos, operator, action, `@${user.username}`);
      }
      await this.identity.setDisabled(user.firebase_uid, disabled);
    });
    return this.view(uuid, caller);
  }

  private async view(uuid: string, caller: AuthContext): Promise<AdminUser> {
    const row = await this.repos.users.findForOperator(uuid);
    if (!row) throw userNotFound();
    return toAdminUser(row, caller);
  }
}
