import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Search, Users, X } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { PageLoading } from '@/components/loading-animation';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { usePendingRequests } from '@/features/groups/api/my-requests';
import { type Membership, useUserGroups } from '@/features/groups/api/user-groups';
import { waitingFirst } from '@/features/groups/groups-format';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { useGroupDetailsLoading } from '@/features/groups/hooks/use-group-details-loading';
import { isApiError } from '@/lib/api-client';
import { onFirstTry, useFirstLoad } from '@/lib/first-answer';
import { sharedMessage } from '@/lib/i18n/catalog';
import { useProfile } from '@/lib/profile';
import { scrollBehavior } from '@/lib/reduced-motion';
import { GroupCard } from './group-card';
import { type GroupPanel, GroupSearchPanel } from './group-search-panel';
import { PendingRequestsList } from './pending-requests-list';

/** 'Find a group' and 'Create a group': open the panel right on this page. */
function PanelButtons({ open, className }: { open: (panel: GroupPanel) => void; className?: string }) {
  return (
    <div className={className ?? 'flex flex-wrap gap-2'}>
      <Button variant="secondary" onClick={() => open('search')}>
        <Search className="size-4" aria-hidden="true" />
        <Trans>Find a group</Trans>
      </Button>
      <Button variant="secondary" onClick={() => open('create')}>
        <Plus className="size-4" aria-hidden="true" />
        <Trans>Create a group</Trans>
      </Button>
    </div>
  );
}

/** With more groups than this, only those with waiting requests start open: the page stays short. */
const OPEN_ALL_UP_TO = 2;

function startsOpen(group: Membership, groups: readonly Membership[]): boolean {
  return groups.length <= OPEN_ALL_UP_TO || group.pendingRequests > 0;
}

/**
 * /groups: every group of the user with its members and roles; admins also handle join requests
 * and invite links (docs/product.md, "Calls").
 */
function GroupManagementPage() {
  const { t } = useLingui();
  const groups = useUserGroups();
  const profile = useProfile();
  const listRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const [panel, setPanel] = useState<GroupPanel | null>(null);
  const pending = usePendingRequests();
  const requests = pending.data ?? [];
  const { data: unsorted, error } = groups;
  // An admin's groups with requests waiting come first.
  const data = useMemo(() => unsorted && waitingFirst(unsorted), [unsorted]);
  // The cards wait for the lists of those that start open, and the buttons above them come with
  // them: arriving one after the other, each pushed down what was on screen (a layout shift on a
  // phone, docs/performance.md).
  const detailsLoading = useGroupDetailsLoading(data?.filter((group) => startsOpen(group, data)) ?? []);
  // The user's own waiting requests come with the groups: 'You are not in any group yet' must not
  // stand for a moment above the request just sent.
  const loading = useFirstLoad(groups.isPending || detailsLoading || onFirstTry(pending));
  const open = (next: GroupPanel) => {
    setPanel(next);
    // After the render that shows it: the panel's first field takes the keyboard.
    requestAnimationFrame(() => {
      panelRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest' });
      panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    });
  };

  let body: ReactNode;
  if (isApiError(error) && error.status === 403) {
    body = <NotInvitedCard />;
  } else if (!data) {
    body = (
      <LoadFailure
        variant="card"
        title={sharedMessage('failedToFetchGroups')}
        error={error}
        retrying={groups.isFetching}
        onRetry={() => void groups.refetch()}
      />
    );
  } else if (data.length === 0 && requests.length > 0) {
    // Not in a group yet, but waiting for an answer: the requests with Cancel, and the way to more.
    body = (
      <div className="space-y-4">
        <PendingRequestsList requests={requests} variant="page" />
        {!panel && <PanelButtons open={open} />}
      </div>
    );
  } else if (data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center shadow-card">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Users className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold text-slate-900">{GROUP_TEXTS.noGroups}</h2>
        <p className="max-w-md text-slate-700">
          <Trans>
            Search for a group to join, or create your own, right here. An invite link from a group admin
            brings you straight in.
          </Trans>
        </p>
        {!panel && <PanelButtons open={open} className="mt-2 flex flex-wrap justify-center gap-2" />}
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        <PendingRequestsList requests={requests} variant="page" />
        {data.map((group) => (
          <GroupCard
            key={group.id}
            group={group}
            myUuid={profile.data?.uuid}
            defaultOpen={startsOpen(group, data)}
            onGone={() => listRef.current?.focus()}
          />
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t`Group Management`}
        lead={t`Your groups with their members and roles. Admins also approve join requests and share invite links here.`}
        actions={
          !loading && data && data.length > 0 ? (
            <PanelButtons open={open} className="flex flex-wrap gap-2 self-start sm:self-auto" />
          ) : undefined
        }
      />
      {panel && (
        <section
          ref={panelRef}
          aria-label={t`Find or create a group`}
          className="relative mb-6 rounded-2xl border border-slate-200/80 bg-white p-5 pt-12 shadow-card sm:p-6 sm:pt-12"
        >
          <Button
            variant="ghost"
            size="sm"
            className="absolute top-2 right-2 min-h-11"
            onClick={() => setPanel(null)}
          >
            <X className="size-4" aria-hidden="true" />
            <Trans>Close</Trans>
          </Button>
          <GroupSearchPanel panel={panel} onCreated={() => setPanel(null)} />
        </section>
      )}
      {loading ? (
        <PageLoading label={t`Loading groups...`} />
      ) : (
        <section ref={listRef} tabIndex={-1} aria-label={t`Your groups`} className="focus:outline-none">
          {body}
        </section>
      )}
    </>
  );
}

export { GroupManagementPage as GroupsPage };
