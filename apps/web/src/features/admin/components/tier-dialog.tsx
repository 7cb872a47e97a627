import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser } from '@pushup/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormError } from '@/components/ui/field';
import type { NamedTier } from '@/features/admin/api/admin-tiers';
import { useSetUserTier } from '@/features/admin/api/admin-users';
import { selectClasses } from './select-classes';
import { checkTier, type TierDraft, type TierErrors } from './tier-limits';
import { tierText } from './tier-text';

const CUSTOM = 'custom';

/**
 * A user's tier: one of the named tiers, or limits of their own. The limits are checked at their
 * fields with the server's rules; a refusal is said in the dialog, and what was typed stays.
 */
export function TierDialog({
  user,
  tiers,
  onClose,
}: {
  user: AdminUser;
  tiers: UseQueryResult<NamedTier[]>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const named = tiers.data ?? [];
  const current = named.find(
    (tier) =>
      tier.maxGroups === user.tier.maxGroups && tier.maxMembersPerGroup === user.tier.maxMembersPerGroup,
  );
  const [choice, setChoice] = useState(current?.id ?? CUSTOM);
  const [draft, setDraft] = useState<TierDraft>({
    name: '',
    maxGroups: String(user.tier.maxGroups),
    maxMembersPerGroup: String(user.tier.maxMembersPerGroup),
  });
  const [errors, setErrors] = useState<TierErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetUserTier();
  const now = tierText(user.tier);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = named.find((tier) => tier.id === choice);
    const checked = chosen ? null : checkTier(draft, false);
    if (checked?.errors) {
      setErrors(checked.errors);
      return;
    }
    const limits = chosen ?? checked?.fields;
    if (!limits) return;
    setFailure(null);
    save.mutate(
      {
        uuid: user.uuid,
        tier: { maxGroups: limits.maxGroups, maxMembersPerGroup: limits.maxMembersPerGroup },
      },
      {
        onSuccess: () => {
          toast.success(t`Tier of ${user.username} changed`);
          onClose();
        },
        onError: (caught) => setFailure(caught.message),
      },
    );
  };

  const edit = (field: keyof TierDraft, value: string) => {
    setDraft((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={t`Change the tier of ${user.username}`}
      description={t`Now: ${now}.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-tier`} className="mb-1.5 block text-sm font-semibold text-slate-800">
            <Trans>Tier</Trans>
          </label>
          <select
            id={`${id}-tier`}
            className={selectClasses}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            {named.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {tier.name} ({tierText(tier)})
              </option>
            ))}
            <option value={CUSTOM}>{t`Limits of their own`}</option>
          </select>
          {tiers.isError && (
            <p className="mt-1.5 text-sm text-slate-600">
              <Trans>The named tiers could not be loaded; limits of their own can still be set.</Trans>
            </p>
          )}
        </div>
        {choice === CUSTOM && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${id}-groups`}
              label={t`Max groups`}
              inputMode="numeric"
              value={draft.maxGroups}
              error={errors.maxGroups}
              onChange={(event) => edit('maxGroups', event.target.value)}
            />
            <Field
              id={`${id}-members`}
              label={t`Max members per group`}
              inputMode="numeric"
              value={draft.maxMembersPerGroup}
              error={errors.maxMembersPerGroup}
              onChange={(event) => edit('maxMembersPerGroup', event.target.value)}
            />
          </div>
        )}
        <FormError message={failure} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save tier</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
