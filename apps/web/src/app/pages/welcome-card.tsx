import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Streak, UserProfile } from '@pushup/shared';
import { Target } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { PushupFigure } from '@/components/loading-animation';
import { useKeepToastsClear } from '@/components/toaster';
import { buttonClasses } from '@/components/ui/button';
import { StreakSummary } from '@/features/habits/components/streak-summary';
import { PlanHeroLine } from '@/features/plans/components/plan-hero-line';
import { ShareTodayButton } from '@/features/share-cards/components/share-slots';
import { formatDay } from '@/lib/format-day';
import { dateTimeFormat, formatNumber } from '@/lib/i18n/format';
import { type GoalProgress, goalProgress } from './goal-progress';

const setGoalLink = buttonClasses('secondary', 'sm', 'border-transparent text-brand-900 hover:bg-brand-50');

/**
 * The greeting with today's push-ups and the current streak, and the user's goal with how far along
 * it is and what is left per day, from the server's numbers.
 * @param total The all-time total and today's sum; undefined while they load.
 */
export function WelcomeCard({
  profile,
  total,
  todayTotal,
  today,
  streak,
}: {
  profile: UserProfile | undefined;
  total: number | undefined;
  todayTotal: number | undefined;
  today: string;
  streak: Streak | undefined;
}) {
  const date = dateTimeFormat({ weekday: 'long', month: 'long', day: 'numeric' }).format(new Date());
  const goal = profile?.personalGoal;
  const deadlineDay = profile?.goalDeadline ?? null;
  const deadline = deadlineDay ? formatDay(deadlineDay, 'date') : null;
  const hero = useRef<HTMLElement>(null);
  // What the hero says stays readable: toasts step aside while they would lie over it.
  useKeepToastsClear(hero);
  return (
    <section
      ref={hero}
      aria-labelledby="welcome-card-title"
      className="light-surface relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-card sm:p-8"
    >
      <PushupFigure className="pointer-events-none absolute -right-6 -bottom-4 h-32 w-64 text-white/15" />
      {/* The date, and beside it 'Share' (a picture of the day: its count, the goal and the streak,
          drawn by the server), in the date's line so that Submit keeps its place on a phone's first
          screen; a picture offered instead of shared opens under the button. */}
      <div className="relative flex flex-wrap items-start justify-between gap-x-3">
        <p className="text-sm font-semibold text-brand-100">{date}</p>
        {profile === undefined ? null : (
          <ShareTodayButton className="flex flex-col items-end" buttonClassName="-my-1.5" />
        )}
      </div>
      <h2 id="welcome-card-title" className="mt-1 text-2xl font-extrabold">
        {todayTotal ? (
          <Plural value={todayTotal} one="# pushup today" other="# pushups today" />
        ) : (
          <Trans>Ready for today's set?</Trans>
        )}
      </h2>
      <StreakSummary streak={streak} className="mt-3" />
      <PlanHeroLine />
      {/* No profile: offline with none saved on the device, where the goal is not known. */}
      {profile === undefined ? null : goal !== null && goal !== undefined ? (
        <div className="relative mt-4 flex max-w-xl items-start gap-3">
          <Target className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="text-brand-50">
              <Trans>
                Your goal:{' '}
                <strong className="text-white">
                  <Plural value={goal} one="# pushup" other="# pushups" />
                </strong>
              </Trans>
              {deadline && (
                <>
                  {' '}
                  <Trans>by {deadline}</Trans>
                </>
              )}
              {profile?.goalDescription && <> · {profile.goalDescription}</>}
            </p>
            {total !== undefined && goal > 0 && (
              <GoalBar progress={goalProgress(total, goal, deadlineDay, today)} />
            )}
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-brand-50">
            <Trans>Set a personal goal to see how far you have come and what is left to do.</Trans>
          </p>
          <Link to="/profile" className={setGoalLink}>
            <Trans>Set a goal</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}

/** The share of the goal done as a bar, and in words what it means today. */
function GoalBar({ progress }: { progress: GoalProgress }) {
  const { t } = useLingui();
  const percent = Math.floor(progress.share * 100);
  const done = formatNumber(progress.total);
  const goal = formatNumber(progress.goal);
  const until =
    progress.state === 'on-the-way' && progress.deadline ? formatDay(progress.deadline, 'date') : '';
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label={t`Progress towards your goal`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t`${percent}%: ${done} of ${goal}`}
        className="h-3 overflow-hidden rounded-full bg-white/20"
      >
        <div
          className={progress.state === 'passed' ? 'h-full bg-brand-200' : 'h-full bg-white'}
          style={{ width: `${progress.share * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm font-semibold text-white" data-testid="goal-pace">
        {progress.state === 'reached' ? (
          <Trans>
            Goal reached: {done} of {goal}
          </Trans>
        ) : progress.state === 'passed' ? (
          <Trans>
            Deadline passed: {done} of {goal}
          </Trans>
        ) : progress.perDay !== null ? (
          <>
            <Plural
              value={progress.perDay}
              one={`# a day to reach ${goal} by ${until}`}
              other={`# a day to reach ${goal} by ${until}`}
            />{' '}
            <span className="font-normal text-brand-100">({percent}%)</span>
          </>
        ) : (
          <>
            <Plural value={progress.left} one="# to go" other="# to go" />{' '}
            <span className="font-normal text-brand-100">({percent}%)</span>
          </>
        )}
      </p>
      {progress.state === 'passed' && (
        <Link to="/profile" className={`${setGoalLink} mt-3`}>
          <Trans>Set a new goal</Trans>
        </Link>
      )}
    </div>
  );
}
