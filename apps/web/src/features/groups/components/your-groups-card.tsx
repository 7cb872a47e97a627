import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Check, ChevronRight, Plus, Search, Settings, Users } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { AdminBadge } from '@/components/ui/badges';
import { SectionCard } from '@/components/ui/card';
import { usePendingRequests } from '@/features/groups/api/my-requests';
import type { Membership } from '@/features/groups/api/user-groups';
import { waitingFirst } from '@/features/groups/groups-format';
import { groupHomePath } from '@/features/groups/links';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';
import { type GroupPanel, GroupSearchPanel } from './group-search-panel';
import { PendingRequestsBadge } from './pending-requests-badge';
import { PendingRequestsList } from './pending-requests-list';

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
  const { t } = useLingui();
  const memberCount = group.memberCount;
  const name = group.name;
  return (
    <li
      className={cn(
        'flex items-stretch rounded-xl border transition-colors',
        selected
          ? 'border-brand-300 bg-brand-50 ring-1 ring-brand-300'
          : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      {/* The toggle that lays the group over the charts; the rest of the row opens the group's page. */}
      <button
        type="button"
        aria-pressed={selected}
        aria-label={t`Compare ${name} on the charts`}
        title={t`Compare ${name} on the charts`}
        onClick={onToggle}
        className="flex w-12 shrink-0 items-center justify-center rounded-l-xl"
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-5 items-center justify-center rounded-md border',
            selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400 bg-white',
          )}
        >
          {selected && <Check className="size-3.5" />}
        </span>
      </button>
      <Link
        to={groupHomePath(group.groupId)}
        className="group flex min-w-0 flex-1 items-center gap-2 rounded-r-xl py-2.5 pr-2"
      >
        {/* The name has the row's width and wraps; the role and waiting requests go below it. */}
        <span className="min-w-0 flex-1">
          <span className="block font-semibold break-words text-slate-900 [overflow-wrap:anywhere] group-hover:underline">
            {name}
          </span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            <span>
              <Plural value={memberCount} one="# member" other="# members" />
            </span>
            {group.role === 'admin' && <AdminBadge />}
            <PendingRequestsBadge count={group.pendingRequests} />
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * 'Your Groups' (docs/product.md, "Screens"): search, create and settings; the user's groups (those with
 * requests waiting first), each a link to its page and a toggle that selects it for the group
 * leaderboard and the chart overlays; the pending join requests.
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
                <Trans>Open a group for its board and members, or tick it to compare on the charts.</Trans>
              </p>
              <ul aria-label={t`Your groups`} className="space-y-2">
                {waitingFirst(list).map((group) => (
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

      <PendingRequestsList requests={pending.data ?? []} variant="card" />
    </SectionCard>
  );
}
