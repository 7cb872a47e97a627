import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Layers, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { type NamedTier, useTiers } from '@/features/admin/api/admin-tiers';
import { TierFormDialog } from './tier-form-dialog';
import { tierText } from './tier-text';

/** The tiers with their limits and how many accounts have each; create one, or edit one. */
export function TiersSection() {
  const { t } = useLingui();
  const tiers = useTiers();
  const [editing, setEditing] = useState<NamedTier | 'new' | null>(null);
  return (
    <SectionCard
      id="admin-tiers"
      title={t`Tiers`}
      icon={<Layers className="size-5" />}
      description={t`A tier caps how many groups a user may be in and how many members each group may have.`}
      actions={
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" />
          <Trans>New tier</Trans>
        </Button>
      }
    >
      <QueryState query={tiers} loading={t`Loading the tiers…`} failure={t`Could not load the tiers.`}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-600">
              <Trans>No tiers yet.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Tiers`} className="divide-y divide-slate-200">
              {list.map((tier) => (
                <TierRow key={tier.id} tier={tier} onEdit={() => setEditing(tier)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {editing && (
        <TierFormDialog tier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </SectionCard>
  );
}

function TierRow({ tier, onEdit }: { tier: NamedTier; onEdit: () => void }) {
  const { t } = useLingui();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-tier={tier.name}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
          {tier.name}
          {tier.isDefault && <StatusBadge tone="slate">{t`Default`}</StatusBadge>}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          {tierText(tier)} · {t`${plural(tier.users, { one: '# account', other: '# accounts' })}`}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t`Edit the tier ${tier.name}`}>
        <Pencil className="size-4" aria-hidden="true" />
        <Trans>Edit</Trans>
      </Button>
    </li>
  );
}
