import type { OperatorContext } from '../../auth/context';
import type { Repositories } from '../../repositories';
import { recordOperatorAction } from '../operators/audit-trail';

export interface TierAssignment {
  target: 'user' | 'invite';
  /** The accounts whose tier changed, so the operator sees whom the email named. */
  users: { uuid: string; username: string }[];
  maxGroups: number;
  maxMembersPerGroup: number;
}

export interface PlatformListing {
  /** registered: an account has signed up with this address and confirmed it. */
  invites: { email: string; invitedAt: string; tier: string; registered: boolean }[];
  /** email: the address the account confirmed, '' while it has confirmed none. */
  users: { username: string; email: string; createdAt: string; tier: string }[];
}

const limitsText = (maxGroups: number, maxMembers: number) => `${maxGroups} groups / ${maxMembers} members`;
const tierLabel = (maxGroups: number | null, maxMembers: number | null) =>
  maxGroups === null || maxMembers === null ? 'default' : limitsText(maxGroups, maxMembers);

/** What the command line and the admin page take as an email address. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Platform invites and tiers: operator-only (the admin command line, and the admin page's calls,
 * which check the caller is an operator first: services/users/admin-users.service.ts). Each
 * change is recorded in the audit trail in its own transaction; a call that changes nothing (an
 * address invited already, a tier for nobody) records nothing.
 */
export class AdminService {
  constructor(private readonly repos: Repositories) {}

  /** Returns false when the email was already invited. */
  async invite(operator: OperatorContext, email: string): Promise<boolean> {
    return (await this.inviteAll(operator, [email])).length > 0;
  }

  /**
   * Invites these addresses in one transaction, each with its own line in the trail; an address
   * invited already is left as it is (its date and tier kept). With `tier`, the new invites carry it
   * to their sign-up. Returns the addresses added, lower-cased.
   */
  inviteAll(
    operator: OperatorContext,
    emails: readonly string[],
    tier?: { maxGroups: number; maxMembersPerGroup: number },
  ): Promise<string[]> {
    const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
    return this.repos.transaction(async (repos) => {
      const now = new Date().toISOString();
      const tierId = tier
        ? (await repos.tiers.findOrCreate(tier.maxGroups, tier.maxMembersPerGroup, now)).id
        : null;
      const detail = tier ? limitsText(tier.maxGroups, tier.maxMembersPerGroup) : null;
      const added: string[] = [];
      for (const emailLower of lowered) {
        if (!(await repos.invites.add(emailLower, now))) continue;
        if (tierId) await repos.invites.setTier(emailLower, tierId);
        await recordOperatorAction(repos, operator, 'invite', emailLower, detail);
        added.push(emailLower);
      }
      return added;
    });
  }

  uninvite(operator: OperatorContext, email: string): Promise<boolean> {
    const emailLower = email.toLowerCase();
    return this.repos.transaction(async (repos) => {
      const removed = await repos.invites.remove(emailLower);
      if (removed) await recordOperatorAction(repos, operator, 'uninvite', emailLower);
      return removed;
    });
  }

  /**
   * Gives the user with this email the tier with these limits; when nobody has signed up with it
   * yet, the invite carries the tier (created if needed) until sign-up. Null: no user and no invite.
   * Users are found by the address they confirmed only (the profile stores no other): an account
   * that signed up with this address unconfirmed may not be its owner's, and is not changed; the
   * invite's tier reaches it once it confirms the address (docs/security.md).
   */
  setTier(
    operator: OperatorContext,
    email: string,
    maxGroups: number,
    maxMembersPerGroup: number,
  ): Promise<TierAssignment | null> {
    const emailLower = email.toLowerCase();
    return this.repos.transaction(async (repos) => {
      const now = new Date().toISOString();
      const users = await repos.users.findByEmail(emailLower);
      const invite = await repos.invites.find(emailLower);
      if (users.length === 0 && !invite) return null;
      const tier = await repos.tiers.findOrCreate(maxGroups, maxMembersPerGroup, now);
      for (const user of users) await repos.users.setTier(user.uuid, tier.id, now);
      if (invite) await repos.invites.setTier(emailLower, tier.id);
      await recordOperatorAction(
        repos,
        operator,
        'tier',
        emailLower,
        limitsText(maxGroups, maxMembersPerGroup),
      );
      return {
        target: users.length > 0 ? 'user' : 'invite',
        users: users.map((user) => ({ uuid: user.uuid, username: user.username })),
        maxGroups,
        maxMembersPerGroup,
      };
    });
  }

  /**
   * Gives the user with this username (any case) the tier with these limits, whether or not they
   * confirmed an address: the operator names the account itself, as `list` shows it. Null: no such
   * user.
   */
  async setTierOfUsername(
    operator: OperatorContext,
    username: string,
    maxGroups: number,
    maxMembersPerGroup: number,
  ): Promise<TierAssignment | null> {
    const uuid = await this.repos.users.findUuidByUsername(username);
    return uuid ? this.setTierOfUser(operator, uuid, maxGroups, maxMembersPerGroup) : null;
  }

  /** setTierOfUsername for the account with this uuid (the admin page names accounts by uuid). */
  setTierOfUser(
    operator: OperatorContext,
    uuid: string,
    maxGroups: number,
    maxMembersPerGroup: number,
  ): Promise<TierAssignment | null> {
    return this.repos.transaction(async (repos) => {
      const user = await repos.users.findByUuid(uuid);
      if (!user) return null;
      const now = new Date().toISOString();
      const tier = await repos.tiers.findOrCreate(maxGroups, maxMembersPerGroup, now);
      await repos.users.setTier(user.uuid, tier.id, now);
      await recordOperatorAction(
        repos,
        operator,
        'tier',
        `@${user.username}`,
        limitsText(maxGroups, maxMembersPerGroup),
      );
      return {
        target: 'user',
        users: [{ uuid: user.uuid, username: user.username }],
        maxGroups,
        maxMembersPerGroup,
      };
    });
  }

  async list(_operator: OperatorContext): Promise<PlatformListing> {
    const [invites, users] = await Promise.all([
      this.repos.invites.listWithTier(),
      this.repos.users.listWithTier(),
    ]);
    const registered = new Set(users.map((u) => u.email).filter((email) => email !== ''));
    return {
      invites: invites.map((i) => ({
        email: i.email_lower,
        invitedAt: i.invited_at,
        tier: tierLabel(i.max_groups, i.max_members_per_group),
        registered: registered.has(i.email_lower),
      })),
      users: users.map((u) => ({
        username: u.username,
        email: u.email,
        createdAt: u.created_at,
        tier: tierLabel(u.max_groups, u.max_members_per_group),
      })),
    };
  }

  /** True on a fresh install: nobody invited and nobody signed up (the start-up banner says how to start). */
  async isEmpty(_operator: OperatorContext): Promise<boolean> {
    return (await this.repos.invites.count()) === 0 && (await this.repos.users.count()) === 0;
  }
}
