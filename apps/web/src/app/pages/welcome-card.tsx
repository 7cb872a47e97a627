import { Plural, Trans } from '@lingui/react/macro';
import type { UserProfile } from '@pushup/shared';
import { Target } from 'lucide-react';
import { Link } from 'react-router';
import { PushupFigure } from '../../components/loading-animation';
import { buttonClasses } from '../../components/ui/button';
import { StreakSummary } from '../../features/habits/components/streak-summary';
import { formatDay } from '../../lib/format-day';
import { currentLocale } from '../../lib/i18n/format';

/** The greeting, the current streak and the user's goal, straight from the server (no invented numbers). */
export function WelcomeCard({ profile }: { profile: UserProfile | undefined }) {
  const today = new Date().toLocaleDateString(currentLocale(), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
  const goal = profile?.personalGoal;
  const deadline = profile?.goalDeadline ? formatDay(profile.goalDeadline, 'date') : null;
  return (
    <section
      aria-labelledby="welcome-card-title"
      className="light-surface relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-card sm:p-8"
    >
      <PushupFigure className="pointer-events-none absolute -right-6 -bottom-4 h-32 w-64 text-white/15" />
      <p className="text-sm font-semibold text-brand-100">{today}</p>
      <h2 id="welcome-card-title" className="mt-1 text-2xl font-extrabold">
        <Trans>Ready for today's set?</Trans>
      </h2>
      <StreakSummary className="mt-3" />
      {goal !== null && goal !== undefined ? (
        <div className="mt-4 flex items-start gap-3">
          <Target className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
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
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-brand-50">
            <Trans>Set a personal goal to see how far you have come and what is left to do.</Trans>
          </p>
          <Link
            to="/profile"
            className={buttonClasses(
              'secondary',
              'sm',
              'border-transparent text-brand-900 hover:bg-brand-50',
            )}
          >
            <Trans>Set a goal</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}
