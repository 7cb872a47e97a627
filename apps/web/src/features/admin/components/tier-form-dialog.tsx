import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormError } from '@/components/ui/field';
import { type NamedTier, useSaveTier } from '@/features/admin/api/admin-tiers';
import { isApiError } from '@/lib/api-client';
import { checkTier, type TierDraft, type TierErrors } from './tier-limits';

/**
 * Creates a tier (`tier` null) or edits one: its name and limits, each checked at its field with
 * the server's rules; a name taken already is said at the name. What was typed stays on a refusal.
 */
export function TierFormDialog({ tier, onClose }: { tier: NamedTier | null; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState<TierDraft>({
    name: tier?.name ?? '',
    maxGroups: tier ? String(tier.maxGroups) : '',
    maxMembersPerGroup: tier ? String(tier.maxMembersPerGroup) : '',
  });
  const [errors, setErrors] = useState<TierErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTier();

  const edit = (field: keyof TierDraft, value: string) => {
    setDraft((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTier(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setFailure(null);
    save.mutate(
      { id: tier?.id ?? null, fields: checked.fields },
      {
        onSuccess: (saved) => {
          toast.success(tier ? t`Tier ${saved.name} saved` : t`Tier ${saved.name} created`);
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught) && caught.status === 409) setErrors({ name: caught.message });
          else setFailure(caught.message);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={tier ? t`Edit the tier ${tier.name}` : t`New tier`}
      description={
        tier
          ? t`Every account with this tier gets the new limits.`
          : t`A tier names limits you can give to users and invites.`
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id={`${id}-name`}
          label={t`Name`}
          value={draft.name}
          maxLength={80}
          error={errors.name}
          onChange={(event) => edit('name', event.target.value)}
        />
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
        <FormError message={failure} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tier ? <Trans>Save tier</Trans> : <Trans>Create tier</Trans>}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
