import { Trans, useLingui } from '@lingui/react/macro';
import type { Invite } from '@pushup/shared';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { StatusBadge } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { useRevokeInvite } from '../api/invite-links';
import {
  expiryLabel,
  formatDate,
  INVITE_STATE_LABELS,
  type InviteState,
  inviteState,
  inviteUsesLabel,
} from '../groups-format';
import { GROUP_TEXTS } from '../groups-texts';
import { inviteLink } from '../links';
import { ConfirmDialog } from './confirm-dialog';
import { LinkField } from './link-field';

const STATE_TONES: Record<InviteState, 'green' | 'amber' | 'slate'> = {
  active: 'green',
  expired: 'slate',
  'used-up': 'amber',
};

/**
 * One invite link: its state, uses and expiry, the link with Copy (while it can still be used)
 * and Revoke behind a confirmation. Both buttons are described by the row's details.
 */
export function InviteRow({
  groupId,
  invite,
  now,
  onRevoked,
}: {
  groupId: string;
  invite: Invite;
  now: Date;
  onRevoked: () => void;
}) {
  const detailsId = useId();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeInvite(groupId);
  const state = inviteState(invite, now);
  const link = inviteLink(invite.code);
  const created = formatDate(invite.created_at);
  const { t } = useLingui();

  const revokeButton = (
    <Button
      variant="ghost"
      size="sm"
      className="px-2.5 text-red-700 hover:bg-red-50 active:bg-red-100"
      aria-describedby={detailsId}
      onClick={() => setConfirming(true)}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      <Trans>Revoke</Trans>
    </Button>
  );

  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StatusBadge tone={STATE_TONES[state]}>{INVITE_STATE_LABELS[state]}</StatusBadge>
        <p id={detailsId} className="text-sm text-slate-700">
          <span className="sr-only">
            <Trans>Invite link created {created}</Trans>:{' '}
          </span>
          <span className="font-semibold text-slate-900 tabular-nums">{inviteUsesLabel(invite)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {expiryLabel(invite.expiresAt, now)}
        </p>
      </div>
      {state === 'active' ? (
        <LinkField
          link={link}
          label={t`Invite link created ${created}`}
          copyLabel={t`Copy link`}
          copiedMessage={GROUP_TEXTS.inviteCopied}
          describedBy={detailsId}
        >
          {revokeButton}
        </LinkField>
      ) : (
        <div className="flex justify-end">{revokeButton}</div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Revoke this invite link?`}
        description={t`Nobody can join with this link any more. People who already joined stay in the group.`}
        confirmLabel={t`Revoke link`}
        pending={revoke.isPending}
        onConfirm={() => void revoke.mutateAsync(invite.inviteId).then(onRevoked, () => setConfirming(false))}
      />
    </li>
  );
}
