import { Trans, useLingui } from '@lingui/react/macro';
import { localDay } from '@pushup/shared';
import { ArrowLeft, Inbox, Settings, Users } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoading } from '@/components/loading-animation';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { AdminBadge, StatusBadge } from '@/components/ui/badges';
import { buttonClasses } from '@/components/ui/button';
import { ChallengesSection } from '@/features/challenges/components/challenges-section';
import { GroupFeed } from '@/features/challenges/components/group-feed';
import { useMemberPushups } from '@/features/groups/api/member-pushups';
import { type Membership, useUserGroups } from '@/features/groups/api/user-groups';
import { CreatorLine } from '@/features/groups/components/group-facts';
import { GroupLeaderboardCard } from '@/features/groups/components/group-leaderboard-card';
import { InviteLinksSection } from '@/features/groups/components/invite-links-section';
import { JoinRequestsSection } from '@/features/groups/components/join-requests-section';
import { MembersSection } from '@/features/groups/components/members-section';
import { PendingRequestsBadge } from '@/features/groups/components/pending-requests-badge';
import { membersLabel } from '@/features/groups/groups-format';
import { useGroupDetailsLoading } from '@/features/groups/hooks/use-group-details-loading';
import { groupJoinPath } from '@/features/groups/links';
import { MemberPlanLine } from '@/features/plans/components/member-plan-line';
import type { Overlay } from '@/features/pushups/components/charts/chart-data';
import { GroupChartCard } from '@/features/pushups/components/charts/group-chart-card';
import { isApiError } from '@/lib/api-client';
import { onFirstTry, useFirstLoad } from '@/lib/first-answer';
import { sharedMessage } from '@/lib/i18n/catalog';
import { useProfile } from '@/lib/profile';

/** An admin's part at the top of the page: the requests waiting for an answer and the invite links. */
function AdminTasks({ group }: { group: Membership }) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          <Inbox className="size-5" />
        </span>
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t`Requests and invites`}
        </h2>
        <PendingRequestsBadge count={group.pendingRequests} />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <JoinRequestsSection groupId={group.id} />
        <InviteLinksSection groupId={group.id} groupName={group.name} />
      </div>
    </section>
  );
}

/** The members' day sums as the group chart draws them, or what to show instead. */
function useMembersDays(groupId: string) {
  const memberPushups = useMemberPushups(groupId);
  const members = useMemo<Overlay[] | undefined>(
    () => memberPushups.data?.map((member) => ({ username: member.username, daily: member.days })),
    [memberPushups.data],
  );
  const retry = memberPushups.isError ? () => void memberPushups.refetch() : undefined;
  return { members, retry, firstTry: onFirstTry(memberPushups) };
}

function GroupHome({ group }: { group: Membership }) {
  const { t } = useLingui();
  const profile = useProfile();
  const isAdmin = group.role === 'admin';
  const { members, retry } = useMembersDays(group.id);
  const today = localDay(new Date());
  const description = group.description;

  return (
    <>
      <PageHeader
        title={group.name}
        lead={
          <span className="flex flex-col gap-2">
            {description && <span className="break-words">{description}</span>}
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              <span className="flex items-center gap-2">
                <span className="sr-only">
                  <Trans>Your role:</Trans>
                </span>
                {isAdmin ? <AdminBadge /> : <StatusBadge tone="slate">{t`Member`}</StatusBadge>}
              </span>
              <span className="flex items-center gap-1.5">
                <Users className="size-4 text-slate-500" aria-hidden="true" />
                {membersLabel(group.memberCount, group.maxMembers)}
              </span>
              <CreatorLine creator={group.creator?.username ?? null} createdAt={group.created_at} />
            </span>
          </span>
        }
        actions={
          <Link to="/groups" className={buttonClasses('secondary', 'sm')}>
            <Settings className="size-4" aria-hidden="true" />
            <Trans>Manage groups</Trans>
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        {isAdmin && (
          <div className="lg:col-span-2">
            <AdminTasks group={group} />
          </div>
        )}
        <ChallengesSection groupId={group.id} isAdmin={isAdmin} className="lg:col-span-2" />
        <GroupLeaderboardCard groupId={group.id} groupName={group.name} onGroupPage />
        <GroupChartCard
          members={members}
          ownUsername={profile.data?.username}
          today={today}
          onRetry={retry}
        />
        <GroupFeed groupId={group.id} className="lg:col-span-2" />
        <div className="lg:col-span-2">
          <MembersSection
            groupId={group.id}
            groupName={group.name}
            myUuid={profile.data?.uuid}
            isAdmin={isAdmin}
            level={2}
            className="bg-white p-5 shadow-card sm:p-6"
            memberExtra={(member) => <MemberPlanLine groupId={group.id} userId={member.uuid} />}
          />
        </div>
      </div>
    </>
  );
}

/**
 * /groups/:id, a group's home: its board (week, month, total), its chart of every member's days and
 * its members; for admins the waiting requests and the invite links come first. Someone who is not
 * in the group is taken to its share page, which has the Join button.
 */
export function GroupPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const groups = useUserGroups();
  const group = groups.data?.find((candidate) => candidate.id === id);
  const detailsLoading = useGroupDetailsLoading(group ? [group] : []);
  const { firstTry: daysLoading } = useMembersDays(id);
  // The page appears with its lists, so that none arriving later pushes the others down.
  const loading = useFirstLoad(groups.isPending || detailsLoading || (group !== undefined && daysLoading));

  let body: ReactNode;
  if (isApiError(groups.error) && groups.error.status === 403) {
    body = <NotInvitedCard />;
  } else if (loading) {
    body = <PageLoading label={t`Loading group...`} />;
  } else if (!groups.data) {
    body = (
      <LoadFailure
        variant="card"
        title={sharedMessage('failedToFetchGroups')}
        error={groups.error}
        retrying={groups.isFetching}
        onRetry={() => void groups.refetch()}
      />
    );
  } else if (!group) {
    // Not (or no longer) a member: the group's public page says what can be done.
    return <Navigate to={groupJoinPath(id)} replace />;
  } else {
    return (
      <>
        <BackToGroups />
        <GroupHome group={group} />
      </>
    );
  }
  return (
    <>
      <BackToGroups />
      <PageHeader title={t`Group`} />
      {body}
    </>
  );
}

function BackToGroups() {
  return (
    <Link
      to="/groups"
      className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      <Trans>All groups</Trans>
    </Link>
  );
}
