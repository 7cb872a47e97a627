import { useLingui } from '@lingui/react/macro';
import { localDay } from '@pushup/shared';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { PageLoading } from '@/components/loading-animation';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { VerifyEmailCard } from '@/components/verify-email-card';
import { CameraCounterButton } from '@/features/camera-counter/components/camera-counter-button';
import { DashboardChallenges } from '@/features/challenges/components/dashboard-challenges';
import { useMemberPushups } from '@/features/groups/api/member-pushups';
import { useUserGroups } from '@/features/groups/api/user-groups';
import { GroupLeaderboardCard } from '@/features/groups/components/group-leaderboard-card';
import type { GroupPanel } from '@/features/groups/components/group-search-panel';
import { YourGroupsCard } from '@/features/groups/components/your-groups-card';
import { useStreak } from '@/features/habits/api/streak';
import { RecordsCard } from '@/features/habits/components/records-card';
import { InstallOffer } from '@/features/install-prompt/components/install-offer';
import { LeaderboardCard } from '@/features/leaderboard/components/leaderboard-card';
import { UsernameModal } from '@/features/profile/components/username-modal';
import type { Overlay } from '@/features/pushups/components/charts/chart-data';
import { DailyChartCard } from '@/features/pushups/components/daily-chart-card';
import { LogPushupsCard } from '@/features/pushups/components/log-pushups-card';
import { ProgressChartCard } from '@/features/pushups/components/progress-chart-card';
import { LazyYearHeatmap } from '@/features/year-heatmap/lazy-year-heatmap';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { onFirstTry, useFirstLoad } from '@/lib/first-answer';
import { sharedMessage } from '@/lib/i18n/catalog';
import { hasSetUsername, useProfile } from '@/lib/profile';
import { useDailyTotals } from '@/lib/pushup-queries';
import { useMediaQuery } from '@/lib/use-media-query';
import { GettingStartedCard } from './getting-started-card';
import { WelcomeCard } from './welcome-card';

/**
 * The selected group (a toggle; cleared when the user is no longer in it) and its other members'
 * day sums, which both charts draw over the user's own.
 */
function useSelectedGroup(ownUsername: string | undefined) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const groups = useUserGroups();
  const selected = groups.data?.find((g) => g.groupId === selectedId) ?? null;
  const groupId = selected?.groupId ?? null;
  const memberPushups = useMemberPushups(groupId);
  const failed = memberPushups.isError;
  useEffect(() => {
    if (failed) toast.error(sharedMessage('failedToLoadGroupData'), { id: 'group-overlay' });
  }, [failed]);
  const overlays = useMemo<Overlay[]>(
    () =>
      (memberPushups.data ?? [])
        .filter((member) => member.username !== ownUsername)
        .map((member) => ({ username: member.username, daily: member.days })),
    [memberPushups.data, ownUsername],
  );
  return { groups, selected, select: setSelectedId, overlays: groupId ? overlays : [] };
}

/**
 * The dashboard: welcome and goal, the counter, both charts, the user's groups with the selected
 * group's leaderboard and chart overlays, and the global leaderboard. The daily sums are loaded
 * once here; the total and both charts derive from them.
 */
export function DashboardPage() {
  const { t } = useLingui();
  const profileQuery = useProfile();
  const { data: profile, error, isPending } = profileQuery;
  const status = isApiError(error) ? error.status : undefined;
  const unverified = isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED';
  const notInvited = isApiError(error) && error.code === 'NOT_INVITED';
  const notRegistered = status === 404;
  // A refetch that failed leaves the data it had on screen (offline, say); only no data is a failure.
  const failed = Boolean(error) && !profile && !notInvited && !unverified && !notRegistered;
  const today = localDay(new Date());
  // The day sums with this device's waiting entries in (lib/pushup-queries.ts): the total, today's
  // sum and both charts read them, so a set logged offline counts everywhere at once.
  const daily = useDailyTotals();
  const total = daily.data?.reduce((sum, day) => sum + day.total, 0);
  const todayTotal = daily.data && (daily.data.find((d) => d.day === today)?.total ?? 0);
  // Offline without the server's sums, the total of this device's entries is a lower bound.
  const deviceOnly = daily.offline === 'device-only';
  const retryDaily = daily.isError ? () => void daily.refetch() : undefined;
  // A caller the gate turns away sees its card instead; the other calls' refusals are no news.
  const dailyFailed = daily.isError && !notInvited && !unverified;
  const group = useSelectedGroup(profile?.username);
  const user = useCurrentUser();
  const wide = useMediaQuery('(min-width: 1024px)');
  const { groups } = group;
  // The cards appear together with what decides the first screen's layout: the daily sums and the
  // groups (whether 'Get started' shows above the counter) and the streak (a line of the hero).
  // Asked at once with the profile, so they seldom add to the wait; arriving after the cards, they
  // pushed the counter down (a layout shift of 0.31 on a phone, docs/performance.md).
  const streak = useStreak();
  const firstScreenPending = useFirstLoad(onFirstTry(daily) || onFirstTry(groups) || onFirstTry(streak));
  const [groupPanel, setGroupPanel] = useState<GroupPanel | null>(null);
  // The username dialog stays open until the profile has a username. Asking again for a profile
  // that answered 404 (a part mounting later, the connection coming back) clears the error until
  // the answer is in: read as is, that closed the dialog under a new user's typing (what they typed
  // meanwhile was lost) and put the page behind it back to loading.
  const needsUsername = notRegistered || (profile !== undefined && !hasSetUsername(profile));
  const [askUsername, setAskUsername] = useState(needsUsername);
  if (needsUsername && !askUsername) setAskUsername(true);
  if (askUsername && profile !== undefined && hasSetUsername(profile)) setAskUsername(false);
  // Offline with no profile saved: the cards all the same, so that the user can log (each card
  // without data says it comes with the connection); the greeting has no name and the hero no goal.
  const offlineWithoutProfile = isPending && profileQuery.fetchStatus === 'paused';
  const loading = ((isPending && !offlineWithoutProfile) || firstScreenPending) && !askUsername;
  const showsCards = !loading && !failed;
  // The cards after the counter come in a second render, which React splits into short tasks: in
  // one, all the cards at once held a phone's main thread for over 100 ms (Lighthouse's blocking
  // time). They start below a phone's first screen, so nothing on screen moves when they come.
  const laterCards = useDeferredValue(showsCards);

  useEffect(() => {
    if (failed || dailyFailed) toast.error(sharedMessage('failedToLoadData'), { id: 'dashboard-load' });
  }, [failed, dailyFailed]);

  if (unverified) {
    return (
      <>
        <PageHeader title={t`Dashboard`} />
        <VerifyEmailCard />
      </>
    );
  }

  if (notInvited) {
    return (
      <>
        <PageHeader title={t`Dashboard`} />
        <NotInvitedCard />
      </>
    );
  }

  const name = profile?.username;
  const gettingStarted = profile && total !== undefined && groups.data && (
    <div className="lg:col-span-3">
      <GettingStartedCard
        uid={user.uid}
        logged={total > 0}
        hasGoal={profile?.personalGoal !== null && profile?.personalGoal !== undefined}
        inGroup={groups.data.length > 0}
        onGroupPanel={setGroupPanel}
      />
    </div>
  );
  // 'Get started' leads a new user; once they log, the counter comes first on a phone, so that the
  // daily set is on the first screen (from lg on, the wide row above the counter has room for it).
  const gettingStartedFirst = wide || !total;
  return (
    // At least a screen tall from the first paint: the loaded dashboard is taller than any screen,
    // so the footer starts below it instead of being pushed down as the cards arrive (a layout
    // shift of 0.17 on a phone, docs/performance.md).
    <div className="min-h-dvh">
      <PageHeader
        title={name ? t`Welcome, ${name}!` : t`Welcome!`}
        // What the app is for, to someone who has not logged yet; a returning user's first screen
        // keeps the room for the hero and the counter.
        lead={total ? undefined : t`Log your pushups, watch your progress grow and keep up with your groups.`}
      />
      {loading ? (
        <PageLoading />
      ) : failed ? (
        <LoadFailure
          variant="card"
          title={sharedMessage('failedToLoadData')}
          error={error}
          retrying={profileQuery.isFetching}
          onRetry={() => void profileQuery.refetch()}
        />
      ) : (
        // min-w-0: a chart's canvas must not hold its column wide when the window narrows.
        // On phones the group leaderboard follows 'Your Groups' directly (order); from lg on it
        // takes the wide column of the last row.
        <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
          <div className="lg:col-span-3">
            <WelcomeCard
              profile={profile}
              total={deviceOnly ? undefined : total}
              todayTotal={todayTotal}
              today={today}
              streak={streak.data}
            />
          </div>
          {gettingStartedFirst && gettingStarted}
          <LogPushupsCard
            total={total}
            offline={daily.offline}
            today={today}
            after={<InstallOffer />}
            countingAid={(fill) => <CameraCounterButton onUse={fill} compact />}
          />
          {!gettingStartedFirst && gettingStarted}
          {laterCards && (
            <>
              <div className="lg:col-span-2">
                <DailyChartCard
                  daily={daily.data}
                  today={today}
                  onRetry={retryDaily}
                  offline={daily.offline}
                  overlays={group.overlays}
                />
              </div>
              <div className="lg:col-span-3">
                <LazyYearHeatmap size="compact" />
              </div>
              <DashboardChallenges className="lg:col-span-3" />
              <YourGroupsCard
                groups={groups}
                selectedGroupId={group.selected?.groupId ?? null}
                onSelect={group.select}
                panel={groupPanel}
                onPanelChange={setGroupPanel}
              />
              <div className="max-lg:order-1 lg:col-span-2">
                <ProgressChartCard
                  daily={daily.data}
                  profile={profile}
                  today={today}
                  onRetry={retryDaily}
                  offline={daily.offline}
                  overlays={group.overlays}
                />
              </div>
              {/* The leaderboard takes the wide column: in a third of 1440 px its names were cut short. */}
              <div className="max-lg:order-1 lg:col-span-2">
                <LeaderboardCard />
              </div>
              <div className="max-lg:order-1">
                <RecordsCard />
              </div>
              {group.selected && (
                <div className="lg:col-span-2">
                  <GroupLeaderboardCard groupId={group.selected.groupId} groupName={group.selected.name} />
                </div>
              )}
            </>
          )}
        </div>
      )}
      <UsernameModal open={askUsername} />
    </div>
  );
}
