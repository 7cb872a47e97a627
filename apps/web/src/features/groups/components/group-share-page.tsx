import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { SearchX, Settings2, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingAnimation } from '@/components/loading-animation';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { buttonClasses } from '@/components/ui/button';
import { usePendingRequests, useRejectedRequests } from '@/features/groups/api/my-requests';
import { publicGroupQueryOptions } from '@/features/groups/api/public-group';
import { useUserGroups } from '@/features/groups/api/user-groups';
import { GROUP_TEXTS } from '@/features/groups/groups-texts';
import { SHARE_PAGE_MESSAGES } from '@/features/groups/hooks/use-join-group';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { forgetPendingLink } from '@/lib/pending-link';
import { useProfile } from '@/lib/profile';
import { CreatorLine, SeatsBar } from './group-facts';
import { JoinGroupButton } from './join-group-button';
import { LinkMissingCard, linkPageCard } from './link-page-card';
import { ChoosingUsername, useNeedsUsername } from './username-required';

/**
 * /groups/:id/join: a group's public information and its Join button with the button's states
 * (it waits for the user's groups and requests, so it never shows Join to a member first).
 */
export function GroupSharePage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const profile = useProfile();
  const info = useQuery(publicGroupQueryOptions(user.uid, id));
  const groups = useUserGroups();
  const pending = usePendingRequests();
  const rejected = useRejectedRequests();
  const { error } = info;
  // The newcomer who came through this link signed out has arrived: it waits no longer.
  const shown = info.data !== undefined;
  useEffect(() => {
    if (shown) forgetPendingLink({ kind: 'group', id });
  }, [shown, id]);
  const myUuid = profile.data?.uuid;
  // Known once the group and the user's groups are in: a member (or the creator) is told so.
  const membership =
    info.data && (groups.data ?? []).some((group) => group.id === id)
      ? info.data.createdBy !== null && info.data.createdBy === myUuid
        ? 'creator'
        : 'member'
      : null;

  let body: ReactNode;
  if (info.isPending || groups.isPending || pending.isPending || rejected.isPending) {
    body = <LoadingAnimation label={t`Loading group...`} />;
  } else if (isApiError(error) && error.status === 403) {
    body = <NotInvitedCard />;
  } else if (info.data === undefined) {
    body = (
      <LoadFailure
        variant="card"
        title={sharedMessage('failedToLoadGroupData')}
        error={error}
        retrying={info.isFetching}
        onRetry={() => void info.refetch()}
      />
    );
  } else if (info.data === null) {
    body = (
      <LinkMissingCard
        id="group-missing-title"
        icon={<SearchX className="size-6" />}
        title={GROUP_TEXTS.groupNotFound}
        text={t`The group may have been deleted, or the link is incomplete.`}
        back={t`Find a group on the dashboard`}
      />
    );
  } else {
    body = <ShareCard group={info.data} isMember={membership !== null} />;
  }

  return (
    <>
      {membership === null ? (
        <PageHeader
          title={t`Join a Group`}
          lead={t`Someone shared this group with you. Ask to join, and an admin lets you in.`}
        />
      ) : (
        <PageHeader
          title={t`Your Group`}
          lead={
            membership === 'creator'
              ? t`You created this group and are a member of it.`
              : t`You are a member of this group.`
          }
        />
      )}
      {body}
    </>
  );
}

function ShareCard({ group, isMember }: { group: Group; isMember: boolean }) {
  const { t } = useLingui();
  const needsUsername = useNeedsUsername();
  return (
    <section aria-labelledby="share-group-title" className={linkPageCard}>
      <div className="flex items-start gap-3">
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          <Users className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="share-group-title" className="text-2xl font-extrabold break-words text-slate-900">
            {group.name}
          </h2>
          <div className="mt-1">
            <CreatorLine creator={group.creator?.username ?? null} createdAt={group.created_at} />
          </div>
        </div>
      </div>
      <p className="mt-5 break-words text-slate-700">
        {group.description || (
          <span className="text-slate-600 italic">
            <Trans>No description yet.</Trans>
          </span>
        )}
      </p>
      <div className="mt-5">
        <SeatsBar memberCount={group.memberCount} maxMembers={group.maxMembers} />
      </div>
      <div className="mt-6 border-t border-slate-200 pt-6">
        {needsUsername && !isMember ? (
          <ChoosingUsername then={t`Then you can ask to join this group.`} />
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <p className="min-w-0 flex-1 basis-48 text-sm text-slate-600">
              {isMember ? (
                <Trans>You are in this group. Its leaderboard is on your dashboard.</Trans>
              ) : (
                <Trans>A group admin approves your request; the button shows where it stands.</Trans>
              )}
            </p>
            <JoinGroupButton group={group} messages={SHARE_PAGE_MESSAGES} describedBy="share-group-title" />
          </div>
        )}
        {isMember && (
          <Link to="/groups" className={buttonClasses('secondary', 'sm', 'mt-4')}>
            <Settings2 className="size-4" aria-hidden="true" />
            <Trans>Open Group Management</Trans>
          </Link>
        )}
      </div>
    </section>
  );
}
