import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, DoorOpen, Trash2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AdminBadge, StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { useDeleteGroup, useLeaveGroup } from '@/features/groups/api/leave-or-delete-group';
import type { Membership } from '@/features/groups/api/user-groups';
import { membersLabel } from '@/features/groups/groups-format';
import { useGroupDetailsLoading } from '@/features/groups/hooks/use-group-details-loading';
import { groupHomePath } from '@/features/groups/links';
import { cn } from '@/lib/cn';
import { CreatorLine } from './group-facts';
import { GroupInfoPanel } from './group-info-panel';
import { InviteLinksSection } from './invite-links-section';
import { JoinRequestsSection } from './join-requests-section';
import { LeaveGroupDialog } from './leave-group-dialog';
import { MembersSection } from './members-section';
import { PanelLoading } from './panel';
import { PendingRequestsBadge } from './pending-requests-badge';

/**
 * One of the user's groups: its facts, its members, and for admins its join requests and invite
 * links; Leave group for everyone, Delete group for admins (both behind a confirmation).
 * The card opens and closes: closed, it shows the facts and the waiting
 * requests only, and loads none of its lists. `onGone` runs after the group left the page (left
 * or deleted), to place the focus.
 */
export function GroupCard({
  group,
  myUuid,
  defaultOpen,
  onGone,
}: {
  group: Membership;
  myUuid: string | undefined;
  defaultOpen: boolean;
  onGone: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const isAdmin = group.role === 'admin';
  const detailsLoading = useGroupDetailsLoading(open ? [group] : []);
  const [dialog, setDialog] = useState<'leave' | 'delete' | null>(null);
  const leave = useLeaveGroup();
  const remove = useDeleteGroup();
  const target = { id: group.id, name: group.name };
  const groupName = group.name;

  const run = async (mutation: typeof leave | typeof remove) => {
    try {
      await mutation.mutateAsync(target);
      onGone();
    } catch {
      // The toast says why; the dialog closes and the group stays.
      setDialog(null);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card sm:p-6"
    >
      <div className={cn('flex items-start gap-3', open && 'mb-5')}>
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          <Users className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 id={titleId} className="text-xl font-bold break-words text-slate-900">
              {/* The group's page: its board, chart and members. */}
              <Link to={groupHomePath(group.id)} className="underline-offset-4 hover:underline">
                {group.name}
              </Link>
            </h2>
            <span className="sr-only">
              <Trans>Your role:</Trans>
            </span>
            {isAdmin ? <AdminBadge /> : <StatusBadge tone="slate">{t`Member`}</StatusBadge>}
            <PendingRequestsBadge count={group.pendingRequests} />
          </div>
          {group.description && (
            <p className="mt-1 text-sm break-words text-slate-700">{group.description}</p>
          )}
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <p className="flex items-center gap-1.5">
              <Users className="size-4 text-slate-500" aria-hidden="true" />
              {membersLabel(group.memberCount, group.maxMembers)}
            </p>
            <CreatorLine creator={group.creator?.username ?? null} createdAt={group.created_at} />
          </div>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11 min-w-11 shrink-0 px-2.5"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          aria-describedby={titleId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown
            className={cn('size-4 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
            aria-hidden="true"
          />
          <span className="max-sm:sr-only">{open ? t`Hide details` : t`Show details`}</span>
        </Button>
      </div>

      {open && detailsLoading && (
        <div id={detailsId}>
          <PanelLoading label={t`Loading group...`} />
        </div>
      )}
      {open && !detailsLoading && (
        <div id={detailsId}>
          {isAdmin ? (
            <div className="grid items-start gap-4 lg:grid-cols-2">
              <div className="grid gap-4">
                <MembersSection groupId={group.id} groupName={group.name} myUuid={myUuid} isAdmin />
                <JoinRequestsSection groupId={group.id} />
              </div>
              <InviteLinksSection groupId={group.id} groupName={group.name} />
            </div>
          ) : (
            <div className="grid items-start gap-4 lg:grid-cols-2">
              <MembersSection groupId={group.id} groupName={group.name} myUuid={myUuid} isAdmin={false} />
              <GroupInfoPanel groupId={group.id} />
            </div>
          )}

          <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
            <Button variant="secondary" aria-describedby={titleId} onClick={() => setDialog('leave')}>
              <DoorOpen className="size-4" aria-hidden="true" />
              <Trans>Leave group</Trans>
            </Button>
            {isAdmin && (
              <Button variant="danger" aria-describedby={titleId} onClick={() => setDialog('delete')}>
                <Trash2 className="size-4" aria-hidden="true" />
                <Trans>Delete group</Trans>
              </Button>
            )}
          </div>
        </div>
      )}

      <LeaveGroupDialog
        open={dialog === 'leave'}
        onOpenChange={(open) => setDialog(open ? 'leave' : null)}
        groupId={group.id}
        groupName={group.name}
        myUuid={myUuid}
        pending={leave.isPending}
        onConfirm={() => void run(leave)}
      />
      {isAdmin && (
        <ConfirmDialog
          open={dialog === 'delete'}
          onOpenChange={(open) => setDialog(open ? 'delete' : null)}
          title={t`Delete ${groupName}?`}
          description={t`The group is removed for everyone, with its members, join requests and invite links. Each member keeps their own pushups. This cannot be undone.`}
          confirmLabel={t`Delete group`}
          pending={remove.isPending}
          onConfirm={() => void run(remove)}
        />
      )}
    </section>
  );
}
