import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { FormError } from '@/components/ui/field';
import { useCheerPushSetting } from '@/features/challenges/api/challenges';

/** Whether a cheer pushes to the caller's devices: off by default (docs/product.md, "Cheers"). */
export function CheerPushSwitch({ on }: { on: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const setting = useCheerPushSetting();
  const checked = setting.isPending ? setting.variables : on;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={checked}
          disabled={setting.isPending}
          onChange={(event) => setting.mutate(event.target.checked)}
        />
        {t`Tell me by push when someone cheers my day`}
      </label>
      {setting.isError && <FormError message={setting.error.message} />}
    </div>
  );
}
