import type { Streak } from '@pushup/shared';
import { Flame } from 'lucide-react';
import { HABIT_TEXTS } from '@/features/habits/habit-texts';
import { cn } from '@/lib/cn';
import { sharedMessage, sharedTextsNow } from '@/lib/i18n/catalog';

/**
 * The current streak for the dashboard's hero (docs/product.md, "Streaks"): a flame and 'N-day
 * streak', and 'Log today to keep your streak' while today is still empty. Nothing when it could not
 * be loaded: the hero stands without it. The dashboard loads it with the cards' first answers.
 */
export function StreakSummary({ streak, className }: { streak: Streak | undefined; className?: string }) {
  if (!streak) return null;
  const alive = streak.current > 0;
  const restLeft = streak.restDaysPerWeek - streak.restDaysUsedThisWeek;
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <p
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold',
          alive ? 'bg-white text-brand-900' : 'bg-white/15 text-white',
        )}
      >
        <Flame className={cn('size-4', alive ? 'text-brand-600' : 'text-brand-100')} aria-hidden="true" />
        {sharedTextsNow().streakLabel(streak.current)}
      </p>
      {!streak.todayLogged && (
        <p className="text-sm font-semibold text-brand-50">
          {alive ? sharedMessage('logTodayToKeepStreak') : HABIT_TEXTS.logTodayToStart()}
        </p>
      )}
      {alive && streak.restDaysPerWeek > 0 && (
        <p className="text-sm text-brand-100">{HABIT_TEXTS.restDaysLeft(Math.max(0, restLeft))}</p>
      )}
    </div>
  );
}
