import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { FormError } from '@/components/ui/field';
import { useChallengeSettings } from '@/features/challenges/api/challenges';

/** An admin's switch: whether the group's members may start challenges too (off by default). */
export function MembersMayCreate({ groupId, allowed }: { groupId: string; allowed: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const settings = useChallengeSettings(groupId);
  const checked = settings.isPending ? settings.variables : allowed;
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={checked}
          disabled={settings.isPending}
          onChange={(event) => settings.mutate(event.target.checked)}
        />
        {t`Members may start challenges too`}
      </label>
      {settings.isError && <FormError message={settings.error.message} />}
    </div>
  );
}
