import { Trans, useLingui } from '@lingui/react/macro';
import { INVITE_EXPIRY_DAYS, INVITE_EXPIRY_MAX_DAYS, INVITE_MAX_USES_MAX, type Invite } from '@pushup/shared';
import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Field } from '@/components/ui/field';
import { useCreateInvite } from '@/features/groups/api/invite-links';
import { parseInviteForm } from '@/features/groups/groups-format';
import { formatNumber } from '@/lib/i18n/format';
import { BusyButton } from './busy-button';

/** A new invite link: max uses (empty: unlimited) and days until it expires (default 30). */
export function CreateInviteForm({
  groupId,
  onCreated,
}: {
  groupId: string;
  onCreated: (invite: Invite) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [maxUses, setMaxUses] = useState('');
  const [days, setDays] = useState(String(INVITE_EXPIRY_DAYS));
  const [error, setError] = useState<{ field: 'maxUses' | 'expiresInDays'; message: string } | null>(null);
  const create = useCreateInvite(groupId, onCreated);
  const usesRef = useRef<HTMLInputElement>(null);
  const daysRef = useRef<HTMLInputElement>(null);

  const maxDays = formatNumber(INVITE_EXPIRY_MAX_DAYS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = parseInviteForm(maxUses, days);
    if (!parsed.ok) {
      setError({ field: parsed.field, message: parsed.message });
      (parsed.field === 'maxUses' ? usesRef : daysRef).current?.focus();
      return;
    }
    setError(null);
    create.mutate(parsed.body, {
      onSuccess: () => {
        setMaxUses('');
        setDays(String(INVITE_EXPIRY_DAYS));
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <Field
        ref={usesRef}
        id={`${id}-max-uses`}
        label={t`Max uses`}
        type="number"
        inputMode="numeric"
        min={1}
        max={INVITE_MAX_USES_MAX}
        step={1}
        placeholder={t`Unlimited`}
        hint={t`Empty: unlimited`}
        value={maxUses}
        error={error?.field === 'maxUses' ? error.message : null}
        onChange={(event) => {
          setMaxUses(event.target.value);
          setError(null);
        }}
      />
      <Field
        ref={daysRef}
        id={`${id}-expiry`}
        label={t`Expires in (days)`}
        type="number"
        inputMode="numeric"
        min={1}
        max={INVITE_EXPIRY_MAX_DAYS}
        step={1}
        hint={t`1 to ${maxDays}`}
        value={days}
        error={error?.field === 'expiresInDays' ? error.message : null}
        onChange={(event) => {
          setDays(event.target.value);
          setError(null);
        }}
      />
      <BusyButton
        type="submit"
        busy={create.isPending}
        icon={<Link2 className="size-4" aria-hidden="true" />}
        className="col-span-2 sm:col-span-1 sm:mt-7 sm:h-[2.875rem]"
      >
        <Trans>Create invite link</Trans>
      </BusyButton>
    </form>
  );
}
