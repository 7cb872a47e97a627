import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormError } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/**
 * A checkbox saved to the server as soon as it changes. What the person chose shows at once and
 * stays until the server's copy (`saved`) says so too, since its refetch may come after the save's
 * answer; a refused save puts back what the server has and says why.
 */
export function SavedSwitch({
  label,
  saved,
  save,
  className,
}: {
  label: string;
  saved: boolean;
  save: UseMutationResult<unknown, Error, boolean>;
  className?: string;
}) {
  const id = useId();
  const [checked, setChecked] = useState(saved);
  useEffect(() => setChecked(saved), [saved]);
  return (
    <div className={cn('border-t border-slate-200', className)}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => {
            const chosen = event.target.checked;
            setChecked(chosen);
            save.mutate(chosen, { onError: () => setChecked(saved) });
          }}
        />
        {label}
      </label>
      {save.isError && <FormError message={save.error.message} />}
    </div>
  );
}
