import { randomUUID } from 'node:crypto';
import {
  type CreateUserBody,
  dayInZone,
  httpsUrlOrNull,
  MESSAGES,
  type UpdateGoalBody,
  type UpdateProfileBody,
  type UserProfile,
  validateGoalDeadline,
} from '@pushup/shared';
import type { AuthContext, OperatorContext } from '../../auth/context';
import type { IdentityProvider } from '../../auth/identity';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { Repositories } from '../../repositories';
import {
  newUserRow,
  type UserUpdate,
  type UserWithTier,
  violatedUserKey,
} from '../../repositories/users.repository';
import { removeUserFromGroups } from '../groups/memberships.service';
import { earnGoalIfReached } from '../habits/earning';
import { recordAccountDeleted } from '../operators/audit-trail';
import { knownPreferences } from './preferences';

export function toProfile(user: UserWithTier): UserProfile {
  return {
    uuid: user.uuid,
    username: user.username,
    email: user.email,
    photoURL: user.photo_url,
    created_at: user.created_at,
    updated_at: user.updated_at,
    subscriptionTier: { maxGroups: user.max_groups, maxMembersPerGroup: user.max_members_per_group },
    personalGoal: user.personal_goal,
    goalDeadline: user.goal_deadline,
    goalDescription: user.goal_description,
    ...knownPreferences(user),
  };
}

const usernameTaken = () => new AppError('USERNAME_TAKEN', MESSAGES.usernameTaken);

/** Maps unique violations that lost a race to the same 409s the checks give. */
function mapUniqueViolation(error: unknown): never {
  const key = violatedUserKey(error);
  if (key === 'username') throw usernameTaken();
  if (key === 'firebaseUid') throw new AppError('USER_EXISTS', MESSAGES.serverUserExists);
  throw error;
}

export class UsersService {
  constructor(
    private readonly repos: Repositories,
    private readonly identity: IdentityProvider,
  ) {}

  /**
   * The profile uuid of the token's account and whether an operator disabled its sign-in, if it has
   * a profile (the auth hook asks once a request), keeping the stored email to what the identity provider confirmed. The profile holds
   * only a confirmed address ('' until one is): the operator's commands find users by email, and
   * an unconfirmed address may be someone else's (docs/security.md, "Invites and verified email").
   * - A token that says its email is verified brings it in, once it differs from the stored one.
   *   The first address an account confirms also takes the tier its invite carries, which waited
   *   for the address's owner.
   * - A token that says the stored email is not verified clears it: an account stored its token's
   *   address, confirmed or not, before this rule.
   * - Any other unconfirmed address is not stored: a confirmed one stays until another is confirmed.
   * Each writes once: the next request finds the stored email as the token has it.
   */
  async profileOf(
    token: Pick<AuthContext, 'uid' | 'email' | 'emailVerified'>,
  ): Promise<{ uuid: string; disabled: boolean } | undefined> {
    const user = await this.repos.users.findIdentityByFirebaseUid(token.uid);
    if (!user) return undefined;
    const profile = { uuid: user.uuid, disabled: user.disabled_at !== null };
    // A disabled account is refused before anything is written for it.
    if (!token.email || profile.disabled) return profile;
    const email = token.email;
    if (token.emailVerified && user.email !== email) {
      await this.repos.transaction(async (repos) => {
        const changes: UserUpdate = { email, updated_at: new Date().toISOString() };
        if (!user.email) {
          const invite = await repos.invites.find(email);
          if (invite?.tier_id) changes.tier_id = invite.tier_id;
        }
        await repos.users.update(user.uuid, changes);
      });
    } else if (!token.emailVerified && user.email === email) {
      await this.repos.users.update(user.uuid, { email: '', updated_at: new Date().toISOString() });
    }
    return profile;
  }

  /**
   * What the invite-only gate makes of this caller: an existing profile is in; otherwise the email
   * must be invited and, when `requireVerifiedEmail`, confirmed by the identity provider, so that
   * signing up with someone else's invited address gets nobody in. An unconfirmed email is answered
   * 'unverified' before the invite list is read, invited or not: else the answer would tell anyone
   * who signs up with an address whether it is invited (docs/security.md).
   */
  async admission(
    auth: AuthContext,
    requireVerifiedEmail: boolean,
  ): Promise<'admitted' | 'not-invited' | 'unverified'> {
    if (auth.userUuid) return 'admitted';
    if (!auth.email) return 'not-invited';
    if (requireVerifiedEmail && !auth.emailVerified) return 'unverified';
    return (await this.repos.invites.find(auth.email)) === undefined ? 'not-invited' : 'admitted';
  }

  async getProfile(auth: AuthContext): Promise<UserProfile> {
    const user = await this.repos.users.findByFirebaseUid(auth.uid);
    if (!user) throw userNotFound();
    // Until the account confirms an address, it sees the one it signs in with.
    return { ...toProfile(user), email: user.email || (auth.email ?? '') };
  }

  /**
   * The body's email is ignored: the email comes from the token, and is stored only when the token
   * says it is verified, as is the tier the invite carries (profileOf brings both in once it is).
   */
  async create(auth: AuthContext, body: CreateUserBody): Promise<UserProfile> {
    const username = body.username;
    const uuid = randomUUID();
    try {
      await this.repos.transaction(async (repos) => {
        if (await repos.users.existsByFirebaseUid(auth.uid)) {
          throw new AppError('USER_EXISTS', MESSAGES.serverUserExists);
        }
        if (await repos.users.findUuidByUsername(username)) throw usernameTaken();
        const email = auth.email && auth.emailVerified ? auth.email : '';
        const invite = email ? await repos.invites.find(email) : undefined;
        const now = new Date().toISOString();
        await repos.users.insert(
          newUserRow({
            uuid,
            firebaseUid: auth.uid,
            username,
            email,
            photoUrl: httpsUrlOrNull(auth.picture),
            tierId: invite?.tier_id ?? repos.tiers.defaultTierId,
            now,
          }),
        );
      });
    } catch (error) {
      mapUniqueViolation(error);
    }
    return this.getProfile(auth);
  }

  async updateProfile(auth: AuthContext, body: UpdateProfileBody): Promise<UserProfile> {
    const username = body.username;
    try {
      await this.repos.transaction(async (repos) => {
        const user = await repos.users.findByFirebaseUid(auth.uid);
        if (!user) throw userNotFound();
        const holder = await repos.users.findUuidByUsername(username);
        if (holder && holder !== user.uuid) throw usernameTaken();
        const changes: UserUpdate = {
          username,
          username_lower: username.toLowerCase(),
          updated_at: new Date().toISOString(),
        };
        if (body.photoURL !== undefined) changes.photo_url = body.photoURL;
        await repos.users.update(user.uuid, changes);
      });
    } catch (error) {
      mapUniqueViolation(error);
    }
    return this.getProfile(auth);
  }

  /**
   * Goal fields only; a field that is absent is kept, null clears it. A goal the total already meets
   * by its deadline is earned in the same transaction (docs/product.md, "Achievements").
   */
  async updateGoal(auth: AuthContext, body: UpdateGoalBody): Promise<UserProfile> {
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const today = dayInZone(new Date(nowMs), auth.timezone);
    // Only a deadline this call sets must not be past (in the caller's zone): a saved one that has
    // since passed is kept when other fields change. Checked before the transaction, so nothing is
    // written when it is refused.
    const deadlineProblem =
      body.goalDeadline === undefined ? null : validateGoalDeadline(body.goalDeadline, today);
    if (deadlineProblem) throw new AppError('VALIDATION_ERROR', deadlineProblem);
    await this.repos.transaction(async (repos) => {
      const user = await repos.users.lockWithHabits(auth.uid);
      if (!user) throw userNotFound();
      const changes: UserUpdate = { updated_at: now };
      if (body.personalGoal !== undefined) changes.personal_goal = body.personalGoal;
      if (body.goalDeadline !== undefined) changes.goal_deadline = body.goalDeadline;
      if (body.goalDescription !== undefined) changes.goal_description = body.goalDescription;
      await repos.users.update(user.uuid, changes);
      const goal = {
        uuid: user.uuid,
        personal_goal: changes.personal_goal === undefined ? user.personal_goal : changes.personal_goal,
        goal_deadline: changes.goal_deadline === undefined ? user.goal_deadline : changes.goal_deadline,
      };
      await earnGoalIfReached(repos, goal, today, now);
    });
    return this.getProfile(auth);
  }

  /**
   * Removes every row of the caller in one transaction (later tables join it here), then the
   * identity account. Idempotent: a caller without a profile only loses the identity account.
   */
  deleteAccount(auth: AuthContext): Promise<void> {
    return this.eraseAccount(auth.uid, auth.emailVerified ? auth.email : null);
  }

  /**
   * The erasure of an account, by its owner (deleteAccount) or by an operator (`by`, the admin
   * page): every row in one transaction, then the identity account. `tokenEmail`: an address the
   * owner's token says is confirmed, besides the stored one (an operator has no token of theirs).
   * The user's row is locked first, like every push-up write, so a concurrent write either
   * finishes before (and its rows are deleted too) or finds no profile after.
   */
  async eraseAccount(firebaseUid: string, tokenEmail: string | null, by?: OperatorContext): Promise<void> {
    await this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(firebaseUid);
      if (!userUuid) return;
      const stored = await repos.users.findByFirebaseUid(firebaseUid);
      await removeUserFromGroups(repos, userUuid, new Date().toISOString());
      await repos.pushups.deleteAllForUser(userUuid);
      await repos.habits.deleteAllForUser(userUuid);
      await repos.reminders.deleteAllForUser(userUuid);
      await repos.plans.deleteAllForUser(userUuid);
      await repos.users.delete(userUuid);
      // The platform invite names the address too: an account deleted leaves no email behind
      // (docs/security.md, "Deleting an account"); coming back takes a new invite. Only an address
      // the account confirmed: the stored one, or the token's when it says it is verified. An
      // unconfirmed one may be anyone's, and its invite (and the tier it carries) theirs.
      const confirmed = [stored?.email, tokenEmail];
      // So do an operator grant of those addresses, and the audit trail's targets that name them or
      // the username: the lines stay, saying that an account was deleted, never whose
      // (docs/security.md, "Audit trail").
      const addresses = [
        ...new Set(confirmed.filter((email): email is string => !!email).map((email) => email.toLowerCase())),
      ];
      for (const email of addresses) {
        await repos.invites.remove(email);
        await repos.operators.revoke(email);
      }
      await recordAccountDeleted(repos, addresses, stored?.username, new Date().toISOString(), by);
    });
    await this.repos.storage.overwriteDeletedRows();
    await this.identity.deleteUser(firebaseUid);
  }
}
