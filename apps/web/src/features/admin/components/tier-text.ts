import { t } from '@lingui/core/macro';
import { formatNumber } from '@/lib/i18n/format';
import type { TierLimits } from './tier-limits';

/** A tier's limits in words: '5 groups, 20 members each'; null is the instance's default tier. */
export function tierText(tier: TierLimits | null): string {
  if (!tier) return t`Default tier`;
  const groups = formatNumber(tier.maxGroups);
  const members = formatNumber(tier.maxMembersPerGroup);
  return t`${groups} groups, ${members} members each`;
}
