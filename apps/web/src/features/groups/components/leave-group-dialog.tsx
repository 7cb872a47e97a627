import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { groupMembersQueryOptions } from '@/features/groups/api/group-members';
import { leaveOutcome } from '@/features/groups/groups-format';
import { useCurrentUser } from '@/lib/auth';

/**
 * Asks before leaving, and says what leaving does to the group (docs/product.md, "Data rules"): a last admin
 * hands over to the longest-standing member; a group whose last member leaves is deleted.
 */
export function LeaveGroupDialog({
  open,
  onOpenChange,
  groupId,
  groupName,
  myUuid,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: string;
  groupName: string;
  myUuid: string | undefined;
  pending: boolean;
  onConfirm: () => void;
}) {
  const user = useCurrentUser();
  const members = useQuery(groupMembersQueryOptions(user.uid, groupId));
  const outcome = leaveOutcome(members.data, myUuid);
  const { t } = useLingui();

  let consequence: ReactNode;
  if (outcome.kind === 'deleted') {
    consequence = (
      <Trans>
        You are its last member, so <strong className="font-semibold text-slate-900">{groupName}</strong> will
        be deleted with its requests and invite links.
      </Trans>
    );
  } else if (outcome.kind === 'handover') {
    const successor = outcome.successor;
    consequence = (
      <Trans>
        You are its only admin: <strong className="font-semibold text-slate-900">{successor}</strong>, the
        longest-standing member, becomes admin.
      </Trans>
    );
  } else {
    consequence = (
      <Trans>
        When a group's last admin leaves, its longest-standing member becomes admin; when its last member
        leaves, the group is deleted.
      </Trans>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Leave ${groupName}?`}
      description={
        <Trans>
          You will no longer see its leaderboard or compare charts with its members. To come back, you need an
          invite link or an approved join request.
        </Trans>
      }
      confirmLabel={t`Leave group`}
      pending={pending}
      onConfirm={onConfirm}
    >
      <p className="mb-5 rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
        {consequence}
      </p>
    </ConfirmDialog>
  );
}
