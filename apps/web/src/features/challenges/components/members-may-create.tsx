import { useLingui } from '@lingui/react/macro';
import { useChallengeSettings } from '@/features/challenges/api/challenges';
import { SavedSwitch } from './saved-switch';

/** An admin's switch: whether the group's members may start challenges too (off by default). */
export function MembersMayCreate({ groupId, allowed }: { groupId: string; allowed: boolean }) {
  const { t } = useLingui();
  const save = useChallengeSettings(groupId);
  return (
    <SavedSwitch
      label={t`Members may start challenges too`}
      saved={allowed}
      save={save}
      className="mt-5 pt-4"
    />
  );
}
