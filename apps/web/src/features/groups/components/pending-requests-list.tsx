import { Trans, useLingui } from '@lingui/react/macro';
import type { UserJoinRequest } from '@pushup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { refreshGroupData } from '@/features/groups/api/group-keys';
import { cancelJoinRequest } from '@/features/groups/api/join-group';
import { formatDate } from '@/features/groups/groups-format';
import { groupJoinPath } from '@/features/groups/links';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';

function PendingRequestRow({ request, showDate }: { request: UserJoinRequest; showDate: boolean }) {
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
  const asked = formatDate(request.requestedAt);
  return (
    <li className="flex items-center gap-3 py-2">
      <span className="min-w-0 flex-1">
        {/* The group's share page: its public information while the request waits. */}
        <Link
          id={nameId}
          to={groupJoinPath(request.groupId)}
          className="block font-medium break-words text-slate-800 underline-offset-2 hover:underline [overflow-wrap:anywhere]"
        >
          {request.groupName}
        </Link>
        {showDate && (
          <span className="block text-xs text-slate-600">
            <Trans>Asked {asked}</Trans>
          </span>
        )}
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
 * The user's own join requests waiting for an admin, each with Cancel ('Pending Join Requests',
 * docs/product.md, "Screens"): on the dashboard's group list and on /groups.
 */
export function PendingRequestsList({
  requests,
  variant,
}: {
  requests: readonly UserJoinRequest[];
  /** 'card': inside 'Your Groups'; 'page': a card of its own on /groups. */
  variant: 'card' | 'page';
}) {
  const { t } = useLingui();
  if (requests.length === 0) return null;
  const page = variant === 'page';
  // Its own card on /groups (an h2 beside the groups' cards); a part of 'Your Groups' (an h3) on the dashboard.
  const Heading = page ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={`pending-requests-${variant}`}
      className={cn(
        page
          ? 'rounded-2xl border border-amber-200 bg-white p-5 shadow-card sm:p-6'
          : 'mt-5 border-t border-slate-100 pt-4',
      )}
    >
      <Heading
        id={`pending-requests-${variant}`}
        className={cn('flex items-center gap-2 font-bold text-slate-900', page ? 'text-lg' : 'text-sm')}
      >
        {page && <Clock className="size-5 text-amber-700" aria-hidden="true" />}
        <Trans>Pending Join Requests</Trans>
      </Heading>
      {page && (
        <p className="mt-0.5 text-sm text-slate-600">
          <Trans>A group admin decides on each request. You can cancel one while it waits.</Trans>
        </p>
      )}
      <ul aria-label={t`Pending Join Requests`} className={cn('divide-y divide-slate-100', page && 'mt-2')}>
        {requests.map((request) => (
          <PendingRequestRow key={request.requestId} request={request} showDate={page} />
        ))}
      </ul>
    </section>
  );
}
