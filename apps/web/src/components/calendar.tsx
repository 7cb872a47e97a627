import { useLingui } from '@lingui/react/macro';
import { addDays, EARLIEST_DAY, validateEntryDay } from '@pushup/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { localizeMessage } from '@/lib/i18n/catalog';
import { currentLocale, dateTimeFormat, numberFormat } from '@/lib/i18n/format';

/**
 * A month calendar for choosing a day (`YYYY-MM-DD`, the user's local calendar), in the active
 * language: its month and weekday names, and its weeks start on the language's first day of the
 * week (Sunday in English, Monday in German). Months before January 2025 and after the current month cannot be shown; the greyed days
 * of neighbouring months stay clickable so that a day out of range explains itself with the spec's
 * message instead of doing nothing. Arrow keys move between days (one tab stop for the grid).
 */

const EARLIEST_MONTH = EARLIEST_DAY.slice(0, 7);

function monthOf(day: string): string {
  return day.slice(0, 7);
}

function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/** Where a language's week starts, 0 (Sunday) to 6, as `Date.getUTCDay` counts. */
const FIRST_DAY_FALLBACK: Record<string, number> = { en: 0, de: 1 };

type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first day of the week in `locale` (Intl's week data where the browser has it: 1 Monday ... 7 Sunday). */
export function firstDayOfWeek(locale: string): number {
  try {
    const intlLocale = new Intl.Locale(locale) as LocaleWithWeekInfo;
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay % 7;
  } catch {
    // An engine without Intl.Locale: the list below decides.
  }
  return FIRST_DAY_FALLBACK[locale.split('-')[0] ?? ''] ?? 0;
}

/** The weekdays' short names from `firstDay` on, in the active language: 'Sun'...'Sat' in English, 'Mo'...'So' in German. */
function weekdayNames(firstDay: number): string[] {
  const format = dateTimeFormat({ weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday. German writes 'Mo.': a column header needs no abbreviation dot.
  return Array.from({ length: 7 }, (_, i) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + ((firstDay + i) % 7)))).replace(/\.$/, ''),
  );
}

/** The 42 days (6 weeks from the week's first day) that show `month`. */
function gridDays(month: string, firstDay: number): string[] {
  const first = `${month}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  const start = addDays(first, -((weekday - firstDay + 7) % 7));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

const monthTitle = (month: string) => formatDay(`${month}-01`, 'month');

/** A total as it fits a day's cell: '42', '1,500', '12K' (the full number is in the day's name). */
function cellTotal(total: number): string {
  if (total < 10_000) return numberFormat().format(total);
  return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(total);
}

/** Each day's sum, written under the day's number and named with it ('…, 2026: 42 pushups'). */
interface DayTotals {
  totals: ReadonlyMap<string, number>;
  /** How a day's name reads its total ('42 pushups'). */
  describe: (total: number) => string;
}

export interface CalendarProps {
  /** The chosen day. */
  value: string;
  onChange: (day: string) => void;
  /** The user's current day: later days are refused. */
  today: string;
  /** Days that get a dot (e.g. days with entries). */
  markedDays?: ReadonlySet<string>;
  /** Days that show their total (taller cells, a month read at a glance: Log History). */
  dayTotals?: DayTotals;
  /** Names the grid for screen readers. */
  label: string;
  className?: string;
}

export function Calendar({ value, onChange, today, markedDays, dayTotals, label, className }: CalendarProps) {
  const { t } = useLingui();
  const [month, setMonth] = useState(() => monthOf(value));
  const [direction, setDirection] = useState<'next' | 'prev' | null>(null);
  const [focusDay, setFocusDay] = useState(value);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [followedValue, setFollowedValue] = useState(value);
  const gridRef = useRef<HTMLFieldSetElement>(null);
  const titleId = useId();
  const messageId = useId();

  // A value changed from outside (e.g. 'Back to today') brings its month into view.
  if (value !== followedValue) {
    setFollowedValue(value);
    setFocusDay(value);
    if (monthOf(value) !== month) {
      setDirection(monthOf(value) > month ? 'next' : 'prev');
      setMonth(monthOf(value));
    }
  }

  const lastMonth = monthOf(today);
  const canGoBack = month > EARLIEST_MONTH;
  const canGoForward = month < lastMonth;

  function showMonth(next: string) {
    if (next === month) return;
    setDirection(next > month ? 'next' : 'prev');
    setMonth(next);
  }

  function choose(day: string) {
    const message = validateEntryDay(day, today);
    setRefusal(message && localizeMessage(message));
    setFocusDay(day);
    if (message) return;
    if (monthOf(day) !== month) showMonth(monthOf(day));
    onChange(day);
  }

  function moveFocus(day: string) {
    const target = monthOf(day);
    if (target < EARLIEST_MONTH || target > lastMonth) return;
    setFocusDay(day);
    showMonth(target);
    // The button exists after the render that shows its month.
    requestAnimationFrame(() => {
      gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus();
    });
  }

  function onGridKeyDown(event: KeyboardEvent) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    moveFocus(addDays(focusDay, step));
  }

  const locale = currentLocale();
  const firstDay = firstDayOfWeek(locale);
  const days = gridDays(month, firstDay);
  const weekdays = weekdayNames(firstDay);
  const dayNumber = numberFormat();
  const tabStop = monthOf(focusDay) === month ? focusDay : `${month}-01`;

  return (
    <div className={cn('w-full max-w-sm select-none', className)}>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          onClick={() => showMonth(shiftMonth(month, -1))}
          disabled={!canGoBack}
          aria-label={t`Previous month`}
          className="flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <p id={titleId} className="font-semibold text-slate-900" aria-live="polite">
          {monthTitle(month)}
        </p>
        <button
          type="button"
          onClick={() => showMonth(shiftMonth(month, 1))}
          disabled={!canGoForward}
          aria-label={t`Next month`}
          className="flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="overflow-hidden">
        <fieldset
          key={month}
          ref={gridRef}
          aria-label={`${label}, ${monthTitle(month)}`}
          aria-describedby={refusal ? messageId : undefined}
          onKeyDown={onGridKeyDown}
          className={cn(
            // No gap on phones: seven 44 px days (the smallest comfortable touch target) fit a card there.
            'm-0 grid min-w-0 grid-cols-7 gap-0 border-0 p-0 text-center sm:gap-1',
            direction === 'next' && 'calendar-slide-next',
            direction === 'prev' && 'calendar-slide-prev',
          )}
        >
          {weekdays.map((weekday) => (
            <span key={weekday} aria-hidden="true" className="py-1 text-xs font-semibold text-slate-500">
              {weekday}
            </span>
          ))}
          {days.map((day) => {
            const inMonth = monthOf(day) === month;
            const blocked = validateEntryDay(day, today) !== null;
            const selected = day === value;
            const total = dayTotals?.totals.get(day);
            const name = formatDay(day, 'full');
            return (
              <button
                key={day}
                type="button"
                data-day={day}
                tabIndex={day === tabStop ? 0 : -1}
                aria-label={
                  total === undefined || !dayTotals ? name : `${name}: ${dayTotals.describe(total)}`
                }
                aria-pressed={selected}
                aria-disabled={blocked || undefined}
                aria-current={day === today ? 'date' : undefined}
                onClick={() => choose(day)}
                className={cn(
                  'relative flex items-center justify-center rounded-lg text-sm tabular-nums transition-colors',
                  dayTotals ? 'h-13 min-w-0 flex-col' : 'h-11',
                  selected
                    ? 'bg-brand-700 font-bold text-white'
                    : blocked
                      ? 'text-slate-400 line-through decoration-slate-300'
                      : total !== undefined && inMonth
                        ? 'bg-brand-50 text-slate-900 hover:bg-brand-100'
                        : inMonth
                          ? 'text-slate-800 hover:bg-brand-50'
                          : 'text-slate-500 hover:bg-slate-50',
                  day === today && !selected && 'font-bold text-brand-800 ring-1 ring-brand-300 ring-inset',
                )}
              >
                {dayNumber.format(Number(day.slice(8)))}
                {dayTotals && (
                  <span
                    aria-hidden="true"
                    className={cn(
                      'h-4 max-w-full truncate px-0.5 text-[0.6875rem] leading-4 font-semibold',
                      selected ? 'text-white' : inMonth ? 'text-brand-800' : 'text-slate-500',
                    )}
                  >
                    {total === undefined ? '' : cellTotal(total)}
                  </span>
                )}
                {markedDays?.has(day) && (
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute bottom-1 size-1 rounded-full',
                      selected ? 'bg-white' : 'bg-brand-600',
                    )}
                  />
                )}
              </button>
            );
          })}
        </fieldset>
      </div>
      {refusal && (
        <p id={messageId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}
