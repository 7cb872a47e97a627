import { Trans, useLingui } from '@lingui/react/macro';
import type { DailyTotal } from '@pushup/shared';
import { CalendarCheck, CalendarDays } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Calendar } from '@/components/calendar';
import { NotInvitedCard } from '@/components/not-invited-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { useEntriesOfDay } from '@/features/log-history/api/entries-of-day';
import { useChosenDay } from '@/features/log-history/hooks/use-chosen-day';
import { pushupsLabel } from '@/features/log-history/log-history-format';
import { isApiError } from '@/lib/api-client';
import { useDailyTotals } from '@/lib/pushup-queries';
import { scrollBehavior } from '@/lib/reduced-motion';
import { DayEntriesCard } from './day-entries-card';
import { RecentEntriesCard } from './recent-entries-card';

const NO_DAYS: DailyTotal[] = [];

/**
 * /log-history: a calendar with each day's total to choose a day, that day's entries to review,
 * correct, move or delete, and the entries of the last two weeks. On a phone the calendar fills the
 * screen: a chosen day's card is brought into view, so a tap always shows its entries.
 */
export function LogHistoryPage() {
  const { t } = useLingui();
  const { day, today, chooseDay } = useChosenDay();
  const entriesQuery = useEntriesOfDay(day);
  const { data: daily = NO_DAYS } = useDailyTotals();
  const totals = useMemo(() => new Map(daily.map((row) => [row.day, row.total])), [daily]);
  const calendarRef = useRef<HTMLDivElement>(null);
  const dayCardRef = useRef<HTMLElement>(null);

  /** Chooses `next` and, where the day's card starts below the screen's upper half, scrolls it into view. */
  const showDay = (next: string) => {
    chooseDay(next);
    requestAnimationFrame(() => {
      const card = dayCardRef.current;
      if (!card) return;
      const { top } = card.getBoundingClientRect();
      if (top < 0 || top > window.innerHeight / 2) {
        card.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
      }
    });
  };

  const jumpToToday = () => {
    chooseDay(today);
    // The button goes away with the jump: keep the keyboard in the calendar, on today.
    requestAnimationFrame(() => {
      calendarRef.current?.querySelector<HTMLButtonElement>(`[data-day="${today}"]`)?.focus();
    });
  };

  const error = entriesQuery.error;
  if (isApiError(error) && error.status === 403) {
    return (
      <>
        <PageHeader title={t`Log History`} />
        <NotInvitedCard />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t`Log History`}
        lead={t`Pick a day to review its entries, correct a count, move an entry or remove it.`}
      />
      {/* A phone reads calendar, day, recent entries; a desktop has the calendar beside both. */}
      <div className="grid items-start gap-6 lg:grid-cols-[24rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <SectionCard
          id="log-calendar"
          className="lg:row-span-2"
          title={t`Calendar`}
          icon={<CalendarDays className="size-5" />}
          description={t`Each day shows its total.`}
        >
          {/* On a phone the days reach into the card's padding, for 44 px wide days. */}
          <div ref={calendarRef} className="max-sm:-mx-3">
            <Calendar
              value={day}
              onChange={showDay}
              today={today}
              dayTotals={{ totals, describe: pushupsLabel }}
              label={t`Choose a day`}
              className="max-w-none"
            />
          </div>
          {day !== today && (
            <div className="mt-4 flex justify-center border-t border-slate-200 pt-4">
              <Button variant="secondary" size="sm" onClick={jumpToToday}>
                <CalendarCheck className="size-4" aria-hidden="true" />
                <Trans>Back to today</Trans>
              </Button>
            </div>
          )}
        </SectionCard>
        <DayEntriesCard day={day} today={today} query={entriesQuery} sectionRef={dayCardRef} />
        <div className="lg:col-start-2">
          <RecentEntriesCard today={today} chosenDay={day} onChooseDay={showDay} />
        </div>
      </div>
    </>
  );
}
