import type { SubscriptionTier } from '@pushup/shared';
import { Gauge } from 'lucide-react';
import { SectionCard } from '../../../components/ui/card';

/** Only for users with a subscription tier; the values come from the server. */
export function AccountLimitsCard({ tier }: { tier: SubscriptionTier }) {
  return (
    <SectionCard id="account-limits" title="Account Limits" icon={<Gauge className="size-5" />}>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li className="rounded-xl bg-slate-50 px-4 py-3 font-semibold text-slate-900">
          Max groups: {tier.maxGroups}
        </li>
        <li className="rounded-xl bg-slate-50 px-4 py-3 font-semibold text-slate-900">
          Max members per group: {tier.maxMembersPerGroup}
        </li>
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        Pushup Tracker is a hobby project. These limits keep the server costs of running it manageable.
      </p>
    </SectionCard>
  );
}
