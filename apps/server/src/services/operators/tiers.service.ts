import { randomUUID } from 'node:crypto';
import { type CreateTierBody, type EditTierBody, MESSAGES, type TierDetails } from '@pushup/shared';
import type { OperatorContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import type { Repositories } from '../../repositories';
import type { TierRow, TierWithUsers } from '../../repositories/tiers.repository';
import { recordOperatorAction } from './audit-trail';

const limitsText = (tier: Pick<TierRow, 'max_groups' | 'max_members_per_group'>) =>
  `${tier.max_groups} groups / ${tier.max_members_per_group} members`;

const nameTaken = () => new AppError('CONFLICT', MESSAGES.tierNameTaken);
const tierNotFound = () => new AppError('NOT_FOUND', MESSAGES.tierNotFound);

function toTierDetails(tier: TierWithUsers, defaultTierId: string): TierDetails {
  return {
    id: tier.id,
    name: tier.name,
    maxGroups: tier.max_groups,
    maxMembersPerGroup: tier.max_members_per_group,
    createdAt: tier.created_at,
    users: tier.users,
    isDefault: tier.id === defaultTierId,
  };
}

/**
 * The tiers as the operators' admin page shows and changes them (decision 038): each with its
 * limits and how many accounts have it. A tier's name is unique in any case. Creating a tier and
 * changing one are recorded in the audit trail in the change's transaction; an edit that changes
 * nothing records nothing. The command line's `tier` gives an account the tier with given limits
 * (AdminService.setTier); a tier made here with those limits is the one it finds.
 */
export class TiersService {
  constructor(private readonly repos: Repositories) {}

  async list(_operator: OperatorContext): Promise<TierDetails[]> {
    const tiers = await this.repos.tiers.listWithUsers();
    return tiers.map((tier) => toTierDetails(tier, this.repos.tiers.defaultTierId));
  }

  async create(operator: OperatorContext, body: CreateTierBody): Promise<TierDetails> {
    const tier: TierRow = {
      id: randomUUID(),
      name: body.name.trim(),
      max_groups: body.maxGroups,
      max_members_per_group: body.maxMembersPerGroup,
      created_at: new Date().toISOString(),
    };
    await this.repos.transaction(async (repos) => {
      if (await repos.tiers.findByName(tier.name)) throw nameTaken();
      if (!(await repos.tiers.insert(tier))) throw nameTaken();
      await recordOperatorAction(repos, operator, 'tier-created', tier.name, limitsText(tier));
    });
    return this.details(tier.id);
  }

  async edit(operator: OperatorContext, id: string, body: EditTierBody): Promise<TierDetails> {
    await this.repos.transaction(async (repos) => {
      const before = await repos.tiers.lock(id);
      if (!before) throw tierNotFound();
      const after: TierRow = {
        ...before,
        name: body.name?.trim() ?? before.name,
        max_groups: body.maxGroups ?? before.max_groups,
        max_members_per_group: body.maxMembersPerGroup ?? before.max_members_per_group,
      };
      const changes: string[] = [];
      if (after.name !== before.name) changes.push(`name ${before.name} → ${after.name}`);
      if (limitsText(after) !== limitsText(before))
        changes.push(`${limitsText(before)} → ${limitsText(after)}`);
      if (changes.length === 0) return;
      if (
        after.name.toLowerCase() !== before.name.toLowerCase() &&
        (await repos.tiers.findByName(after.name, id))
      ) {
        throw nameTaken();
      }
      const { name, max_groups, max_members_per_group } = after;
      if (!(await repos.tiers.update(id, { name, max_groups, max_members_per_group }))) throw nameTaken();
      await recordOperatorAction(repos, operator, 'tier-edited', after.name, changes.join(', '));
    });
    return this.details(id);
  }

  private async details(id: string): Promise<TierDetails> {
    const tier = await this.repos.tiers.findWithUsers(id);
    if (!tier) throw tierNotFound();
    return toTierDetails(tier, this.repos.tiers.defaultTierId);
  }
}
