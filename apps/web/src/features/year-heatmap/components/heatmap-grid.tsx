import { useLingui } from '@lingui/react/macro';
import { localDate } from '@pushup/shared';
import { type KeyboardEvent, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cellLabel, dayTotalText, stepText } from '@/features/year-heatmap/heatmap-texts';
import { stepOf } from '@/features/year-heatmap/steps';
import { type HeatmapDay, keyTarget, type YearGrid } from '@/features/year-heatmap/year-grid';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { dateTimeFormat } from '@/lib/i18n/format';
import { STEP_CLASSES } from './step-colours';

/** Cell and gap sizes in px: the profile's full grid and the dashboard's compact one. */
const SIZES = {
  full: { cell: 13, gap: 3 },
  compact: { cell: 10, gap: 2 },
} as const;

export type HeatmapSize = keyof typeof SIZES;

/**
 * The full grid's cells grow up to this size to fill a wide card (a desktop's profile), and never
 * below SIZES.full: a narrow card scrolls instead.
 */
const FULL_CELL_MAX = 20;
/** The weekday labels' column beside the full grid (Tailwind w-9). */
const FULL_WEEKDAY_COLUMN_PX = 36;

/** The weekdays labelled beside the rows (Monday, Wednesday, Friday), as `Date.getUTCDay` counts. */
const LABELLED_WEEKDAYS = new Set([1, 3, 5]);

const logHistoryOf = (day: string) => `/log-history?day=${day}`;

interface TooltipPlace {
  day: HeatmapDay;
  left: number;
  top: number;
  /** Opened by a tap: a second tap on the same day opens Log History. */
  touch: boolean;
}

/**
 * The year as columns of weeks and rows of weekdays: one cell a day, coloured by its step. A grid
 * with one tab stop (roving tabindex): the arrows move a week (left, right) or a day (up, down),
 * Home and End to the row's ends, Ctrl+Home and Ctrl+End to the year's; Enter or a click opens Log
 * History on the day, unless `readOnly` (someone else's year, on a public profile: a day opens
 * nothing, a click or tap shows it). The day's date, sum and step show in a tooltip on hover, focus and tap (a
 * second tap opens the day). Scrolls sideways inside its card on a narrow screen, today in view.
 */
export function HeatmapGrid({
  grid,
  bounds,
  size,
  label,
  describedBy,
  firstDay,
  readOnly = false,
}: {
  grid: YearGrid;
  bounds: readonly number[];
  size: HeatmapSize;
  label: string;
  describedBy: string;
  firstDay: number;
  readOnly?: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { gap } = SIZES[size];
  const [fittedCell, setFittedCell] = useState<number | null>(null);
  const cell = size === 'full' && fittedCell !== null ? fittedCell : SIZES[size].cell;
  const pitch = cell + gap;
  const weekCount = useRef(grid.weeks.length);
  weekCount.current = grid.weeks.length;
  const [focusDay, setFocusDay] = useState(grid.to);
  const [tooltip, setTooltip] = useState<TooltipPlace | null>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const tooltipId = useId();
  const pointerRef = useRef<string | null>(null);
  const byDay = useMemo(() => new Map(grid.days.map((day) => [day.day, day])), [grid]);
  // A day that left the grid (the date turned over): the focus goes to today.
  const rovingDay = byDay.has(focusDay) ? focusDay : grid.to;

  // A wide card: the cells grow to fill it. Today in view on a narrow screen: the newest weeks are at the right end, and stay there when the
  // card narrows (a phone turned, a window resized) until the user scrolls back through the year.
  const pinnedToEnd = useRef(true);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const fitAndPin = () => {
      if (size === 'full') {
        const free = scroller.clientWidth - FULL_WEEKDAY_COLUMN_PX;
        const fitting = Math.floor((free + gap) / weekCount.current) - gap;
        setFittedCell(Math.min(FULL_CELL_MAX, Math.max(SIZES.full.cell, fitting)));
      }
      if (pinnedToEnd.current) scroller.scrollLeft = scroller.scrollWidth;
    };
    fitAndPin();
    const observer = new ResizeObserver(fitAndPin);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [size, gap]);

  // The tooltip stays inside the card: moved back from an edge once its width is known.
  useLayoutEffect(() => {
    const box = tooltipRef.current;
    const wrapper = wrapperRef.current;
    if (!box || !wrapper || !tooltip) return;
    const half = box.offsetWidth / 2;
    const left = Math.min(Math.max(tooltip.left, half), wrapper.clientWidth - half);
    box.style.left = `${left}px`;
  }, [tooltip]);

  const place = useCallback((element: HTMLElement, day: HeatmapDay, touch: boolean) => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const outer = wrapper.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    setTooltip({
      day,
      left: rect.left - outer.left + rect.width / 2,
      top: rect.top - outer.top,
      touch,
    });
  }, []);

  const cellElement = (day: string) =>
    scrollerRef.current?.querySelector<HTMLElement>(`[data-day="${day}"]`) ?? null;

  const open = (day: string) => {
    if (!readOnly) navigate(logHistoryOf(day));
  };

  function onKeyDown(event: KeyboardEvent<HTMLElement>, day: HeatmapDay) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(day.day);
      return;
    }
    if (event.key === 'Escape') {
      setTooltip(null);
      return;
    }
    const target = keyTarget(grid, day.day, event.key, event.ctrlKey || event.metaKey);
    if (target === null) return;
    event.preventDefault();
    setFocusDay(target);
    const element = cellElement(target);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  // A tap shows the day and a second tap on it opens it (a finger has no hover); a mouse's click
  // and the keyboard open it at once. The pointer's kind is known from pointerdown, before the
  // focus and the click that follow it.
  function onClick(element: HTMLElement, day: HeatmapDay) {
    const touch = pointerRef.current !== null && pointerRef.current !== 'mouse';
    pointerRef.current = null;
    if (!readOnly && (!touch || (tooltip?.touch && tooltip.day.day === day.day))) {
      open(day.day);
      return;
    }
    setFocusDay(day.day);
    place(element, day, true);
  }

  const monthFormat = dateTimeFormat({ month: 'short' });
  const weekdayFormat = dateTimeFormat({ weekday: 'short', timeZone: 'UTC' });
  const width = grid.weeks.length * pitch - gap;
  const weekdayColumn = size === 'full' ? 'w-9' : 'w-8';

  const shown = tooltip && byDay.get(tooltip.day.day);
  const shownStep = shown ? stepOf(shown.total, bounds) : 0;

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onPointerLeave={() => setTooltip((tip) => (tip?.touch ? tip : null))}
    >
      <div
        ref={scrollerRef}
        className="scroll-pl-10 overflow-x-auto overscroll-x-contain pb-2"
        onScroll={(event) => {
          const scroller = event.currentTarget;
          pinnedToEnd.current = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 2;
          // The tooltip moves with its day (the keyboard scrolls the focused day into view).
          const element = tooltip && cellElement(tooltip.day.day);
          if (tooltip && element) place(element, tooltip.day, tooltip.touch);
        }}
      >
        <div className="flex w-max pt-1">
          {/* Weekday names beside the rows: Mon, Wed, Fri (each cell's name says its weekday in full). */}
          <div
            className={cn(
              // Stays at the left edge while the weeks scroll under it (a phone's card).
              'sticky left-0 z-[1] shrink-0 bg-white pr-1.5 text-[10px] leading-none text-slate-600',
              weekdayColumn,
            )}
            aria-hidden="true"
          >
            <div style={{ height: 16 }} />
            {Array.from({ length: 7 }, (_, row) => {
              const weekday = (firstDay + row) % 7;
              return (
                <div key={weekday} className="flex items-center" style={{ height: cell, marginBottom: gap }}>
                  {LABELLED_WEEKDAYS.has(weekday) &&
                    weekdayFormat.format(new Date(Date.UTC(2023, 0, 1 + weekday))).replace(/\.$/, '')}
                </div>
              );
            })}
          </div>
          <div style={{ width }}>
            <div
              className="relative text-[10px] leading-none text-slate-600"
              style={{ height: 16 }}
              aria-hidden="true"
            >
              {grid.months.map(({ month, week }) => (
                <span key={month} className="absolute top-0 whitespace-nowrap" style={{ left: week * pitch }}>
                  {monthFormat.format(localDate(`${month}-01`)).replace(/\.$/, '')}
                </span>
              ))}
            </div>
            {/* border-spacing puts a gap round the edge too: the negative margin takes it back. */}
            <table
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern (one tab stop, arrow keys between cells) on a table of days
              role="grid"
              aria-label={label}
              aria-describedby={describedBy}
              className="border-separate"
              style={{ borderSpacing: gap, margin: -gap }}
            >
              <tbody>
                {Array.from({ length: 7 }, (_, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row is a weekday, fixed by its place.
                  <tr key={row}>
                    {grid.weeks.map((column, week) => {
                      const day = column[row];
                      if (!day) {
                        // biome-ignore lint/suspicious/noArrayIndexKey: the week's place is its identity.
                        return <td key={week} className="p-0" style={{ width: cell, height: cell }} />;
                      }
                      const step = stepOf(day.total, bounds);
                      const isToday = day.day === grid.to;
                      return (
                        <td
                          key={day.day}
                          data-day={day.day}
                          data-step={step}
                          tabIndex={day.day === rovingDay ? 0 : -1}
                          aria-label={cellLabel(day, step)}
                          aria-current={isToday ? 'date' : undefined}
                          aria-describedby={tooltip?.day.day === day.day ? tooltipId : undefined}
                          className={cn(
                            readOnly ? 'cursor-default' : 'cursor-pointer',
                            'rounded-[3px] p-0 outline-offset-1 focus-visible:outline-2 focus-visible:outline-slate-900',
                            STEP_CLASSES[step],
                            isToday && 'ring-2 ring-slate-900 ring-offset-1 ring-offset-white',
                          )}
                          style={{ width: cell, height: cell }}
                          onPointerDown={(event) => {
                            pointerRef.current = event.pointerType;
                          }}
                          onClick={(event) => onClick(event.currentTarget, day)}
                          onKeyDown={(event) => onKeyDown(event, day)}
                          onFocus={(event) => {
                            setFocusDay(day.day);
                            // A tap's tooltip comes with its click.
                            if (pointerRef.current === null || pointerRef.current === 'mouse') {
                              place(event.currentTarget, day, false);
                            }
                          }}
                          onBlur={() => setTooltip((tip) => (tip?.touch ? tip : null))}
                          onPointerEnter={(event) => {
                            if (event.pointerType === 'mouse') place(event.currentTarget, day, false);
                          }}
                        />
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
      {shown && tooltip && (
        <div
          ref={tooltipRef}
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute z-10 w-max max-w-60 -translate-x-1/2 -translate-y-full rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg"
          style={{ left: tooltip.left, top: tooltip.top - 6 }}
        >
          <span className="block font-semibold">{formatDay(shown.day, 'short')}</span>
          <span className="block">
            {dayTotalText(shown.total)}
            {shownStep > 0 && ` · ${stepText(shownStep)}`}
          </span>
          {tooltip.touch && !readOnly && (
            <span className="block text-slate-300">{t`Tap again to open Log History`}</span>
          )}
        </div>
      )}
    </div>
  );
}
