import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { UserJoinRequest } from '@pushup/shared';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Plus, Search, Settings, Users } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { AdminBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { refreshGroupData } from '@/features/groups/api/group-keys';
import { cancelJoinRequest } from '@/features/groups/api/join-group';
import { usePendingRequests } from '@/features/groups/api/my-requests';
import type { Membership } from '@/features/groups/api/user-groups';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';
import { type GroupPanel, GroupSearchPanel } from './group-search-panel';
import { PendingRequestsBadge } from './pending-requests-badge';

const iconButton =
  'flex size-9 items-center justify-center rounded-xl text-slate-700 transition-colors hover:bg-slate-100 aria-expanded:bg-brand-50 aria-expanded:text-brand-800';

function GroupRow({
  group,
  selected,
  onToggle,
}: {
  group: Membership;
  selected: boolean;
  onToggle: () => void;
}) {
  const memberCount = group.memberCount;
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onToggle}
        className={cn(
          'flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors',
          selected
            ? 'border-brand-300 bg-brand-50 ring-1 ring-brand-300'
            : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-5 shrink-0 items-center justify-center rounded-md border',
            selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white',
          )}
        >
          {selected && <Check className="size-3.5" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900" title={group.name}>
            {group.name}
          </span>
          <span className="block text-xs text-slate-600">
            <Plural value={memberCount} one="# member" other="# members" />
          </span>
        </span>
        <PendingRequestsBadge count={group.pendingRequests} />
        {group.role === 'admin' && <AdminBadge />}
      </button>
    </li>
  );
}

function PendingRequestRow({ request }: { request: UserJoinRequest }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelJoinRequest(request.groupId),
    onSuccess: () => toast.success(sharedMessage('joinRequestCancelled')),
    onError: (error) => {
      if (isApiError(error) && error.code === 'REQUEST_ALREADY_ACCEPTED') {
        // Accepted meanwhile: the group is in the list above after the refresh (docs/product.md, "States and transitions").
        toast.success(sharedMessage('alreadyMember'));
      } else {
        toast.error(sharedMessage('failedToCancelJoinRequest'));
      }
    },
    onSettled: () => refreshGroupData(queryClient, user.uid),
  });
  const nameId = `pending-${request.requestId}`;
  return (
    <li className="flex items-center gap-3 py-2">
      <span
        id={nameId}
        className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800"
        title={request.groupName}
      >
        {request.groupName}
      </span>
      <Button
        size="sm"
        variant="secondary"
        loading={cancel.isPending}
        aria-describedby={nameId}
        onClick={() => cancel.mutate()}
      >
        <Trans context="a pending join request">Cancel</Trans>
      </Button>
    </li>
  );
}

/**
 * 'Your Groups' (docs/product.md, "Screens"): search, create and settings; the user's groups, each a toggle
 * that selects it for the group leaderboard and the chart overlays; the pending join requests.
 */
export function YourGroupsCard({
  groups,
  selectedGroupId,
  onSelect,
  panel,
  onPanelChange,
}: {
  /** The dashboard's query of the user's groups, which also selects the charts' overlays. */
  groups: UseQueryResult<Membership[]>;
  selectedGroupId: string | null;
  onSelect: (groupId: string | null) => void;
  panel: GroupPanel | null;
  onPanelChange: (panel: GroupPanel | null) => void;
}) {
  const pending = usePendingRequests();
  const failed = groups.isError;
  const { t } = useLingui();

  useEffect(() => {
    if (failed) toast.error(sharedMessage('failedToLoadGroupData'), { id: 'groups-load' });
  }, [failed]);

  const togglePanel = (next: GroupPanel) => onPanelChange(panel === next ? null : next);
  const requests = pending.data ?? [];

  return (
    <SectionCard
      id="your-groups"
      title={t`Your Groups`}
      icon={<Users className="size-5" />}
      actions={
        <>
          <button
            type="button"
            className={iconButton}
            aria-label={t`Search groups`}
            title={t`Search groups`}
            aria-expanded={panel === 'search'}
            onClick={() => togglePanel('search')}
          >
            <Search className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t`Create a group`}
            title={t`Create a group`}
            aria-expanded={panel === 'create'}
            onClick={() => togglePanel('create')}
          >
            <Plus className="size-5" aria-hidden="true" />
          </button>
          <Link to="/groups" className={iconButton} aria-label={t`Group settings`} title={t`Group settings`}>
            <Settings className="size-5" aria-hidden="true" />
          </Link>
        </>
      }
    >
      {panel && (
        <GroupSearchPanel
          panel={panel}
          onCreated={(groupId) => {
            onPanelChange(null);
            onSelect(groupId);
          }}
        />
      )}

      <QueryState
        query={groups}
        loading={sharedMessage('loading')}
        failure={(error) => error.message || sharedMessage('failedToFetchGroups')}
      >
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-600">
              <Trans>
                You are not in a group yet. Search for one to join, or create your own and invite friends.
              </Trans>
            </p>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600">
                <Trans>Select a group to compare on the charts.</Trans>
              </p>
              <ul aria-label={t`Your groups`} className="space-y-2">
                {list.map((group) => (
                  <GroupRow
                    key={group.groupId}
                    group={group}
                    selected={group.groupId === selectedGroupId}
                    onToggle={() => onSelect(group.groupId === selectedGroupId ? null : group.groupId)}
                  />
                ))}
              </ul>
            </>
          )
        }
      </QueryState>

      {requests.length > 0 && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-bold text-slate-900">
            <Trans>Pending Join Requests</Trans>
          </h3>
          <ul aria-label={t`Pending Join Requests`} className="divide-y divide-slate-100">
            {requests.map((request) => (
              <PendingRequestRow key={request.requestId} request={request} />
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
