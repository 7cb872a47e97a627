import { Trans, useLingui } from '@lingui/react/macro';
import type { JoinRequest } from '@pushup/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Check, Inbox, Undo2, X } from 'lucide-react';
import { type ReactNode, useMemo, useRef } from 'react';
import { LoadFailure } from '@/components/query-state';
import { Initial } from '@/components/ui/badges';
import { groupRequestsQueryOptions } from '@/features/groups/api/group-requests';
import { useAllowRejected, useDecideJoinRequest } from '@/features/groups/api/join-requests';
import { formatDate } from '@/features/groups/groups-format';
import { useFocusWhenGone } from '@/features/groups/hooks/use-focus-when-gone';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { BusyButton } from './busy-button';
import { Panel, PanelEmpty, PanelLoading } from './panel';

/** Admins: pending requests (Approve, Reject) and rejected ones (Allow lifts the rejection). */
export function JoinRequestsSection({ groupId }: { groupId: string }) {
  const user = useCurrentUser();
  const pending = useQuery(groupRequestsQueryOptions(user.uid, groupId, 'pending'));
  const rejected = useQuery(groupRequestsQueryOptions(user.uid, groupId, 'rejected'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = `requests-${groupId}`;
  const ids = useMemo(
    () =>
      pending.data && rejected.data
        ? [...pending.data, ...rejected.data].map((request) => request.requestId)
        : undefined,
    [pending.data, rejected.data],
  );
  const focusWhenGone = useFocusWhenGone(headingRef, ids);
  const { t } = useLingui();

  return (
    <Panel
      id={id}
      title={t`Join requests`}
      icon={<Inbox className="size-4" />}
      count={pending.data?.length}
      headingRef={headingRef}
    >
      <h4 className="mb-1 text-xs font-bold tracking-wide text-slate-600 uppercase">
        <Trans>Pending</Trans>
      </h4>
      <RequestList
        query={pending}
        empty={t`No pending requests.`}
        loading={t`Loading join requests...`}
        renderRow={(request) => (
          <PendingRow
            key={request.requestId}
            request={request}
            onDone={() => focusWhenGone(request.requestId)}
          />
        )}
      />
      <h4 className="mt-4 mb-1 text-xs font-bold tracking-wide text-slate-600 uppercase">
        <Trans>Rejected</Trans>
      </h4>
      <RequestList
        query={rejected}
        empty={t`No rejected requests.`}
        loading={t`Loading rejected requests...`}
        renderRow={(request) => (
          <RejectedRow
            key={request.requestId}
            groupId={groupId}
            request={request}
            onDone={() => focusWhenGone(request.requestId)}
          />
        )}
      />
    </Panel>
  );
}

function RequestList({
  query,
  empty,
  loading,
  renderRow,
}: {
  query: UseQueryResult<JoinRequest[], Error>;
  empty: string;
  loading: string;
  renderRow: (request: JoinRequest) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading label={loading} />;
  if (query.isError) {
    return (
      <LoadFailure
        title={sharedMessage('failedToFetchJoinRequests')}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <PanelEmpty>{empty}</PanelEmpty>;
  return <ul className="divide-y divide-slate-200">{query.data.map(renderRow)}</ul>;
}

function RequestWho({ request }: { request: JoinRequest }) {
  const asked = formatDate(request.requestedAt);
  return (
    <>
      <Initial name={request.user.username} />
      <div className="min-w-0 flex-1 basis-32">
        <p
          className="font-semibold break-words text-slate-900 [overflow-wrap:anywhere]"
          title={request.user.username}
        >
          {request.user.username}
        </p>
        <p className="text-xs text-slate-600">
          <Trans>Asked {asked}</Trans>
        </p>
      </div>
    </>
  );
}

function PendingRow({ request, onDone }: { request: JoinRequest; onDone: () => void }) {
  const decide = useDecideJoinRequest();
  const choice = decide.isPending ? decide.variables.accept : null;
  const run = (accept: boolean) => {
    if (decide.isPending) return;
    void decide
      .mutateAsync({ requestId: request.requestId, username: request.user.username, accept })
      .then(onDone, () => undefined);
  };
  const username = request.user.username;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <RequestWho request={request} />
      <div className="ml-auto flex shrink-0 gap-2">
        <BusyButton
          size="sm"
          busy={choice === true}
          aria-disabled={decide.isPending || undefined}
          icon={<Check className="size-4" aria-hidden="true" />}
          onClick={() => run(true)}
        >
          <Trans>
            Approve<span className="sr-only"> {username}</span>
          </Trans>
        </BusyButton>
        <BusyButton
          size="sm"
          variant="secondary"
          busy={choice === false}
          aria-disabled={decide.isPending || undefined}
          icon={<X className="size-4" aria-hidden="true" />}
          onClick={() => run(false)}
        >
          <Trans>
            Reject<span className="sr-only"> {username}</span>
          </Trans>
        </BusyButton>
      </div>
    </li>
  );
}

function RejectedRow({
  groupId,
  request,
  onDone,
}: {
  groupId: string;
  request: JoinRequest;
  onDone: () => void;
}) {
  const allow = useAllowRejected(groupId);
  const { t } = useLingui();
  const username = request.user.username;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <RequestWho request={request} />
      <BusyButton
        size="sm"
        variant="secondary"
        className="ml-auto shrink-0"
        busy={allow.isPending}
        icon={<Undo2 className="size-4" aria-hidden="true" />}
        title={t`Let ${username} ask to join again`}
        onClick={() =>
          void allow
            .mutateAsync({ uuid: request.user.uuid, username: request.user.username })
            .then(onDone, () => undefined)
        }
      >
        <Trans>
          Allow<span className="sr-only"> {username} to ask again</span>
        </Trans>
      </BusyButton>
    </li>
  );
}
