import { Trans, useLingui } from '@lingui/react/macro';
import type { SubscriptionTier } from '@pushup/shared';
import { Gauge } from 'lucide-react';
import { SectionCard } from '@/components/ui/card';
import { formatNumber } from '@/lib/i18n/format';

/** Only for users with a subscription tier; the values come from the server. */
export function AccountLimitsCard({ tier }: { tier: SubscriptionTier }) {
  const { t } = useLingui();
  const maxGroups = formatNumber(tier.maxGroups);
  const maxMembers = formatNumber(tier.maxMembersPerGroup);
  return (
    <SectionCard id="account-limits" title={t`Account Limits`} icon={<Gauge className="size-5" />}>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li className="rounded-xl bg-slate-50 px-4 py-3 font-semibold text-slate-900">
          <Trans>Max groups: {maxGroups}</Trans>
        </li>
        <li className="rounded-xl bg-slate-50 px-4 py-3 font-semibold text-slate-900">
          <Trans>Max members per group: {maxMembers}</Trans>
        </li>
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        <Trans>
          Pushup Tracker is a hobby project. These limits keep the server costs of running it manageable.
        </Trans>
      </p>
    </SectionCard>
  );
}
