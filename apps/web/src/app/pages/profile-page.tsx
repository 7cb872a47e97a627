import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, Target, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '@/components/loading-animation';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { SignOutDialog } from '@/components/sign-out-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { YourDataCard } from '@/features/account-data/components/your-data-card';
import { AchievementsCard } from '@/features/habits/components/achievements-card';
import { StreakCard } from '@/features/habits/components/streak-card';
import { PlanTestsCard } from '@/features/plans/components/plan-tests-card';
import { AccountLimitsCard } from '@/features/profile/components/account-limits-card';
import { DangerZone } from '@/features/profile/components/danger-zone';
import { GoalSettingsForm } from '@/features/profile/components/goal-settings-form';
import { PreferencesSection } from '@/features/profile/components/preferences-section';
import { UsernameSection } from '@/features/profile/components/username-section';
import { PublicProfileCard } from '@/features/public-profile/components/public-profile-card';
import { ReminderSettingsCard } from '@/features/reminders/components/reminder-settings-card';
import { LazyYearHeatmap } from '@/features/year-heatmap/lazy-year-heatmap';
import { isApiError } from '@/lib/api-client';
import { useFirstLoad } from '@/lib/first-answer';
import { sharedMessage } from '@/lib/i18n/catalog';
import { useProfile } from '@/lib/profile';
import { publicHeatmap } from './public-heatmap';

/**
 * /profile: the account, the goal, the streak with its rest days, the daily reminder, the
 * achievements, the user's data (downloads, import, leaderboard visibility), the account limits and
 * the danger zone, from the profile, habits, reminders and account-data features.
 */
export function ProfilePage() {
  const { t } = useLingui();
  const profileQuery = useProfile();
  const { data: profile, error, isPending } = profileQuery;
  const [signOutOpen, setSignOutOpen] = useState(false);
  const status = isApiError(error) ? error.status : undefined;
  const loading = useFirstLoad(isPending);

  let body: ReactNode;
  if (loading) {
    body = <PageLoading />;
  } else if (status === 403) {
    body = <NotInvitedCard />;
  } else if (status === 404) {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
        <p className="font-medium text-slate-900">{sharedMessage('userNotRegistered')}</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-4')}>
          <Trans>Choose a username</Trans>
        </Link>
      </div>
    );
  } else if (!profile) {
    body = (
      <LoadFailure
        variant="card"
        title={sharedMessage('failedToLoadProfile')}
        error={error}
        retrying={profileQuery.isFetching}
        onRetry={() => void profileQuery.refetch()}
      />
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard id="account" title={t`Account`} icon={<UserRound className="size-5" />}>
          <UsernameSection profile={profile} />
          <PreferencesSection />
          <div className="mt-6 border-t border-slate-200 pt-5">
            <Button variant="secondary" onClick={() => setSignOutOpen(true)}>
              <LogOut className="size-4" aria-hidden="true" />
              <Trans>Sign out</Trans>
            </Button>
          </div>
        </SectionCard>
        <SectionCard
          id="goal-settings"
          title={t`Goal Settings`}
          icon={<Target className="size-5" />}
          description={t`Set a target, a date to reach it by, and a few words to keep you going.`}
        >
          <GoalSettingsForm profile={profile} />
        </SectionCard>
        <div className="min-w-0 lg:col-span-2">
          <LazyYearHeatmap size="full" />
        </div>
        <StreakCard />
        <ReminderSettingsCard />
        <div className="lg:col-span-2">
          <AchievementsCard />
        </div>
        <div className="lg:col-span-2">
          <PlanTestsCard />
        </div>
        <div className="lg:col-span-2">
          <YourDataCard />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <PublicProfileCard username={profile.username} heatmap={publicHeatmap} />
        </div>
        {profile.subscriptionTier && <AccountLimitsCard tier={profile.subscriptionTier} />}
        <DangerZone />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t`Profile`}
        lead={t`Your account, your goal, your streak, your achievements and your data.`}
      />
      {body}
      <SignOutDialog open={signOutOpen} onOpenChange={setSignOutOpen} />
    </>
  );
}
