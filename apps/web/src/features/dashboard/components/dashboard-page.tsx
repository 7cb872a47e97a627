import { localDay, MESSAGES } from '@pushup/shared';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { LoadingAnimation } from '../../../components/loading-animation';
import { NotInvitedCard } from '../../../components/not-invited-card';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useDailyTotals } from '../../../lib/pushups/pushups-api';
import { hasSetUsername, useProfile } from '../../../lib/users/get-profile';
import { DailyChartCard } from './daily-chart-card';
import { LeaderboardCard } from './leaderboard-card';
import { LogPushupsCard } from './log-pushups-card';
import { ProgressChartCard } from './progress-chart-card';
import { UsernameModal } from './username-modal';
import { WelcomeCard } from './welcome-card';

/**
 * The dashboard: welcome and goal, the counter, both charts and the global leaderboard. The daily
 * sums are loaded once here; the total and both charts derive from them.
 */
export function DashboardPage() {
  const profileQuery = useProfile();
  const { data: profile, error, isPending } = profileQuery;
  const status = isApiError(error) ? error.status : undefined;
  const notInvited = status === 403 || (status === 401 && error?.message === MESSAGES.notInvited);
  const notRegistered = status === 404;
  const failed = Boolean(error) && !notInvited && !notRegistered;
  const today = localDay(new Date());
  const daily = useDailyTotals();
  const total = daily.data?.reduce((sum, day) => sum + day.total, 0);
  const retryDaily = daily.isError ? () => void daily.refetch() : undefined;
  const dailyFailed = daily.isError;

  useEffect(() => {
    if (failed || dailyFailed) toast.error(MESSAGES.failedToLoadData, { id: 'dashboard-load' });
  }, [failed, dailyFailed]);

  if (notInvited) {
    return (
      <>
        <PageHeader title="Dashboard" />
        <NotInvitedCard />
      </>
    );
  }

  const name = profile?.username;
  return (
    <>
      <PageHeader
        title={name ? `Welcome, ${name}!` : 'Welcome!'}
        lead="Log your pushups, watch your progress grow and keep up with your groups."
      />
      {isPending ? (
        <LoadingAnimation />
      ) : failed ? (
        <div className="rounded-2xl border border-red-200 bg-white p-6 shadow-card">
          <p role="alert" className="font-medium text-red-800">
            {MESSAGES.failedToLoadData}
          </p>
          <p className="mt-1 text-sm text-slate-700">{error?.message}</p>
          <Button className="mt-4" variant="secondary" onClick={() => void profileQuery.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        // min-w-0: a chart's canvas must not hold its column wide when the window narrows.
        <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
          <div className="lg:col-span-3">
            <WelcomeCard profile={profile} />
          </div>
          <LogPushupsCard total={total} today={today} />
          <div className="lg:col-span-2">
            <DailyChartCard daily={daily.data} today={today} onRetry={retryDaily} />
          </div>
          <LeaderboardCard />
          <div className="lg:col-span-2">
            <ProgressChartCard daily={daily.data} profile={profile} today={today} onRetry={retryDaily} />
          </div>
        </div>
      )}
      <UsernameModal open={notRegistered || (profile !== undefined && !hasSetUsername(profile))} />
    </>
  );
}
