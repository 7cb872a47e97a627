import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminInvite, AdminInviteState } from '@pushup/shared';
import { MailPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { useAdminInvites, useUninvite } from '@/features/admin/api/admin-invites';
import { formatInstant } from '@/lib/format-day';
import { BulkInviteForm } from './bulk-invite-form';
import { tierText } from './tier-text';

function InviteStateBadge({ state }: { state: AdminInviteState }) {
  const { t } = useLingui();
  if (state === 'verified') return <StatusBadge tone="green">{t`Verified`}</StatusBadge>;
  if (state === 'signed-up') return <StatusBadge tone="amber">{t`Signed up`}</StatusBadge>;
  return <StatusBadge tone="slate">{t`Invited`}</StatusBadge>;
}

/** The invites: paste many addresses, and the list of every invite with its state, tier and date. */
export function InvitesSection() {
  const { t } = useLingui();
  const invites = useAdminInvites();
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uninvite = useUninvite();

  const remove = () => {
    if (!removing) return;
    uninvite.mutate(removing, {
      onSuccess: () => {
        toast.success(t`Invite of ${removing} removed`);
        setRemoving(null);
      },
      onError: (caught) => setError(caught.message),
    });
  };

  return (
    <div className="space-y-6">
      <SectionCard
        id="admin-invite-form"
        title={t`Invite people`}
        icon={<MailPlus className="size-5" />}
        description={t`Only invited addresses can use this instance. An invite counts once its owner confirms the address.`}
      >
        <BulkInviteForm />
      </SectionCard>
      <SectionCard id="admin-invite-list" title={t`Invited addresses`}>
        <QueryState
          query={invites}
          loading={t`Loading the invites…`}
          failure={t`Could not load the invites.`}
        >
          {({ invites: list }) =>
            list.length === 0 ? (
              <p className="text-slate-600">
                <Trans>Nobody is invited yet.</Trans>
              </p>
            ) : (
              <ul aria-label={t`Invited addresses`} className="divide-y divide-slate-200">
                {list.map((invite) => (
                  <InviteRow key={invite.email} invite={invite} onRemove={() => setRemoving(invite.email)} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </SectionCard>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setError(null);
          }
        }}
        title={t`Remove this invite?`}
        description={t`${removing ?? ''} can no longer sign up. An account that already exists keeps working.`}
        confirmLabel={t`Remove invite`}
        pending={uninvite.isPending}
        error={error}
        onConfirm={remove}
      />
    </div>
  );
}

function InviteRow({ invite, onRemove }: { invite: AdminInvite; onRemove: () => void }) {
  const { t } = useLingui();
  const invited = formatInstant(invite.invitedAt, 'date');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-invite={invite.email}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold break-all text-slate-900">{invite.email}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          {tierText(invite.tier)} · <Trans>invited {invited}</Trans>
        </p>
      </div>
      <InviteStateBadge state={invite.state} />
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        aria-label={t`Remove the invite of ${invite.email}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <Trans>Remove</Trans>
      </Button>
    </li>
  );
}
