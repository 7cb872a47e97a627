import { Trans } from '@lingui/react/macro';

/** 'Share with my groups', as the start form and the plan's settings ask it. */
export function ShareWithGroups({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (shared: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 accent-brand-700"
      />
      <span>
        <span className="font-semibold text-slate-900">
          <Trans>Share with my groups</Trans>
        </span>
        <span className="block text-sm text-slate-600">
          <Trans>Members of your groups see your plan and how far along you are.</Trans>
        </span>
      </span>
    </label>
  );
}
