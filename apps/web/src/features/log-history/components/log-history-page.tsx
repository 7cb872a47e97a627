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
import { isApiError } from '@/lib/api-client';
import { useDailyTotals } from '@/lib/pushup-queries';
import { DayEntriesCard } from './day-entries-card';

const NO_DAYS: DailyTotal[] = [];

/** /log-history: a calendar to choose a day, and that day's entries to review, correct or delete. */
export function LogHistoryPage() {
  const { t } = useLingui();
  const { day, today, chooseDay } = useChosenDay();
  const entriesQuery = useEntriesOfDay(day);
  const { data: daily = NO_DAYS } = useDailyTotals();
  const markedDays = useMemo(() => new Set(daily.map((row) => row.day)), [daily]);
  const calendarRef = useRef<HTMLDivElement>(null);

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
        lead={t`Pick a day to review its entries, correct a count or remove an entry.`}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[23.5rem_minmax(0,1fr)]">
        <SectionCard
          id="log-calendar"
          title={t`Calendar`}
          icon={<CalendarDays className="size-5" />}
          description={t`Days with a dot have entries.`}
        >
          <div ref={calendarRef}>
            <Calendar
              value={day}
              onChange={chooseDay}
              today={today}
              markedDays={markedDays}
              label={t`Choose a day`}
              // On a phone the days reach into the card's padding, so each is 44 px wide.
              className="mx-auto max-sm:-mx-1 max-sm:w-[calc(100%+0.5rem)]"
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
        <DayEntriesCard day={day} today={today} query={entriesQuery} />
      </div>
    </>
  );
}
