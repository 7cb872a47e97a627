import { Trans, useLingui } from '@lingui/react/macro';
import type { Invite } from '@pushup/shared';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { useRevokeInvite } from '@/features/groups/api/invite-links';
import {
  codeTail,
  expiryLabel,
  formatDate,
  formatDateTime,
  INVITE_STATE_LABELS,
  type InviteState,
  inviteState,
  inviteUsesLabel,
} from '@/features/groups/groups-format';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { inviteLink } from '@/features/groups/links';
import { cn } from '@/lib/cn';
import { LinkField } from './link-field';

const STATE_TONES: Record<InviteState, 'green' | 'amber' | 'slate'> = {
  active: 'green',
  expired: 'slate',
  'used-up': 'amber',
};

/**
 * One invite link: its state, uses and expiry, the end of its code with who made it and when (so
 * links read apart), the link with Copy, Share and QR code (while it can still be used) and Revoke behind a
 * confirmation. Both buttons are described by the row's details. The link just made is marked New
 * and copied at once.
 */
export function InviteRow({
  groupId,
  groupName,
  invite,
  now,
  justMade,
  onRevoked,
}: {
  groupId: string;
  groupName: string;
  invite: Invite;
  now: Date;
  justMade: boolean;
  onRevoked: () => void;
}) {
  const detailsId = useId();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeInvite(groupId);
  const state = inviteState(invite, now);
  const link = inviteLink(invite.code);
  const created = formatDate(invite.created_at);
  const madeAt = formatDateTime(invite.created_at);
  const maker = invite.createdBy.username;
  const tail = codeTail(invite.code);
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
    <li
      className={cn('space-y-2 py-3', justMade && '-mx-2 rounded-lg bg-brand-50 px-2 ring-2 ring-brand-300')}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StatusBadge tone={STATE_TONES[state]}>{INVITE_STATE_LABELS[state]}</StatusBadge>
        {justMade && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
            <Trans>New</Trans>
          </span>
        )}
        <div id={detailsId} className="text-sm text-slate-700">
          <p>
            <span className="font-semibold text-slate-900 tabular-nums">{inviteUsesLabel(invite)}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {expiryLabel(invite.expiresAt, now)}
          </p>
          <p className="text-slate-600">
            <Trans>
              Code <span className="font-mono text-slate-800">{tail}</span>, made {madeAt} by {maker}
            </Trans>
          </p>
        </div>
      </div>
      {state === 'active' ? (
        <LinkField
          link={link}
          label={t`Invite link created ${created}`}
          copyLabel={t`Copy link`}
          copiedMessage={GROUP_TEXTS.inviteCopied}
          copyAtOnceMessage={justMade ? GROUP_TEXTS.inviteCreatedAndCopied : undefined}
          describedBy={detailsId}
          share={{
            text: t`Join ${groupName} on Pushup Tracker`,
            qrTitle: t`Scan to join ${groupName}`,
            qrLabel: t`QR code for the invite link ${tail}`,
          }}
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
