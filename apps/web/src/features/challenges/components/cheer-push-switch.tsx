import { useLingui } from '@lingui/react/macro';
import { useCheerPushSetting } from '@/features/challenges/api/challenges';
import { SavedSwitch } from './saved-switch';

/** Whether a cheer pushes to the caller's devices: off by default (docs/product.md, "Cheers"). */
export function CheerPushSwitch({ on }: { on: boolean }) {
  const { t } = useLingui();
  const save = useCheerPushSetting();
  return (
    <SavedSwitch
      label={t`Tell me by push when someone cheers my day`}
      saved={on}
      save={save}
      className="mt-4 pt-3"
    />
  );
}
