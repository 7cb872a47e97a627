import { useLingui } from '@lingui/react/macro';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import { formatDay } from '@/lib/format-day';
import { currentLocale } from '@/lib/i18n/format';
import { prefersReducedMotion } from '@/lib/reduced-motion';
import { useTheme } from '@/lib/theme';
import type { DailyBars, OverlaySeries, ProgressSeries } from './chart-data';

/**
 * The Chart.js canvases. This module is loaded lazily (React.lazy), so Chart.js never weighs on
 * the first page load; only the parts used here are registered (tree-shaken).
 */
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Filler,
);

/**
 * The charts' colours in each theme. Canvas colours do not follow the CSS palette, so the
 * dark ones are chosen here: bright enough on a dark card (#111827), the user's bars still orange,
 * the goal still teal, the members still apart from both.
 */
const PALETTES = {
  light: {
    bar: '#ea580c',
    line: '#ea580c',
    fill: 'rgba(234, 88, 12, 0.12)',
    goal: '#0f766e',
    grid: 'rgba(148, 163, 184, 0.25)',
    ticks: '#475569',
    // Chart.js's own tooltip: dark, white text.
    tooltip: { backgroundColor: 'rgba(0, 0, 0, 0.8)', titleColor: '#ffffff', bodyColor: '#ffffff' },
    /**
     * Group members' colours: Okabe and Ito's palette for colour-blind readers (without its orange and
     * vermillion, the user's), darkened where too pale on white; each member also gets its own dash.
     */
    members: ['#0072b2', '#cc79a7', '#009e73', '#8a7a00', '#56b4e9', '#000000', '#7a5195', '#4d4d4d'],
  },
  dark: {
    bar: '#fb923c',
    line: '#fb923c',
    fill: 'rgba(251, 146, 60, 0.16)',
    goal: '#5eead4',
    grid: 'rgba(148, 163, 184, 0.18)',
    ticks: '#cbd5e1',
    tooltip: { backgroundColor: 'rgba(241, 245, 249, 0.95)', titleColor: '#0f172a', bodyColor: '#0f172a' },
    members: ['#56b4e9', '#e7a6cb', '#2ec4a0', '#f0e442', '#9fd3f5', '#f1f5f9', '#c3a6e0', '#b3b3b3'],
  },
};
type Palette = (typeof PALETTES)['light'];

function usePalette(): Palette {
  return PALETTES[useTheme().dark ? 'dark' : 'light'];
}

const memberColor = (palette: Palette, index: number) =>
  palette.members[index % palette.members.length] as string;
/** Each member's line its own dash too, so members are told apart without colour. */
const DASHES: number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 2], [12, 6], [6, 2, 2, 2]];
const memberDash = (index: number) => DASHES[index % DASHES.length] as number[];
/** And its own mark on each day, so that five members on a phone are told apart where lines meet. */
const MARKS = ['circle', 'rect', 'triangle', 'rectRot'] as const;
type Mark = (typeof MARKS)[number];
const memberMark = (index: number): Mark => MARKS[index % MARKS.length] as Mark;

/** One entry of a chart's legend (HTML: read by screen readers, each series once). */
interface LegendEntry {
  label: string;
  color: string;
  kind: 'bar' | 'line';
  dash: number[];
  /** The mark the line draws on each day, if it draws one. */
  mark?: Mark | undefined;
}

/** A line's day mark in the legend, as Chart.js draws it on the line. */
function LegendMark({ mark, color }: { mark: Mark; color: string }) {
  if (mark === 'rect') return <rect x="7.5" y="1.5" width="7" height="7" fill={color} />;
  if (mark === 'triangle') return <polygon points="11,0.5 15,8.5 7,8.5" fill={color} />;
  if (mark === 'rectRot') return <polygon points="11,0.5 15.5,5 11,9.5 6.5,5" fill={color} />;
  return <circle cx="11" cy="5" r="3.5" fill={color} />;
}

/** The legend under a chart with members drawn over the user's own data. */
function ChartLegend({ entries }: { entries: LegendEntry[] }) {
  const { t } = useLingui();
  if (entries.length < 2) return null;
  return (
    <ul
      aria-label={t`Legend`}
      className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700"
    >
      {entries.map((entry) => (
        <li key={entry.label} data-kind={entry.kind} className="flex min-w-0 items-center gap-1.5">
          <svg width="22" height="10" aria-hidden="true" className="shrink-0">
            {entry.kind === 'bar' ? (
              <rect x="6" y="0" width="10" height="10" rx="2" fill={entry.color} />
            ) : (
              <>
                <line
                  x1="0"
                  y1="5"
                  x2="22"
                  y2="5"
                  stroke={entry.color}
                  strokeWidth="2.5"
                  strokeDasharray={entry.dash.join(' ') || undefined}
                />
                {entry.mark && <LegendMark mark={entry.mark} color={entry.color} />}
              </>
            )}
          </svg>
          <span className="break-words [overflow-wrap:anywhere]">{entry.label}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A member's line in any chart: its colour, dash and mark, as its legend entry shows them. Straight
 * from day to day (tension 0): a member's values exist on days only, and a smoothed curve drew
 * values between them that never were (and bulged above and below the real ones).
 */
const memberLine = (palette: Palette, member: OverlaySeries, index: number, pointRadius: number) => ({
  label: member.username,
  data: member.values,
  borderColor: memberColor(palette, index),
  backgroundColor: memberColor(palette, index),
  borderDash: memberDash(index),
  borderWidth: 2,
  tension: 0,
  pointStyle: memberMark(index),
  pointRadius,
  pointHoverRadius: pointRadius + 2,
  pointHitRadius: 6,
});

/** A day's mark: plain on a week, smaller on a month, none where days are too close to mark. */
const dayMarkRadius = (days: number) => (days <= 7 ? 4 : days <= 45 ? 2.5 : 0);

/** A chart above its legend: the user's own series, then each member's line. */
function ChartWithLegend({
  own,
  palette,
  overlays,
  marks,
  children,
}: {
  own: LegendEntry | null;
  palette: Palette;
  overlays: readonly { username: string }[];
  /** Whether the members' lines mark each day. */
  marks: boolean;
  children: ReactNode;
}) {
  const members = overlays.map(
    (member, i): LegendEntry => ({
      label: member.username,
      color: memberColor(palette, i),
      kind: 'line',
      dash: memberDash(i),
      mark: marks ? memberMark(i) : undefined,
    }),
  );
  return (
    <div className="flex h-full flex-col">
      <div className="min-h-0 flex-1">{children}</div>
      <ChartLegend entries={own ? [own, ...members] : members} />
    </div>
  );
}

/** `series`: what the bars count, named in the tooltip (default: the user's pushups). */
export function DailyBarChart({ bars, label, series }: { bars: DailyBars; label: string; series?: string }) {
  const { t } = useLingui();
  const palette = usePalette();
  const short = bars.days.length <= 7;
  const own = series ?? (bars.overlays.length > 0 ? t`You` : t`Pushups`);
  // The user's days as bars, every member's as a line over them: 30 days of several members as bars
  // side by side would be hairlines.
  const data = {
    labels: bars.days.map((day) => formatDay(day, short ? 'weekAxis' : 'axis')),
    datasets: [
      {
        type: 'bar' as const,
        label: own,
        data: bars.counts,
        backgroundColor: palette.bar,
        borderRadius: 6,
        maxBarThickness: 36,
      },
      ...bars.overlays.map((member, i) => ({
        ...memberLine(palette, member, i, dayMarkRadius(bars.days.length)),
        type: 'line' as const,
      })),
    ],
  } as unknown as ChartData<'bar'>;
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    // Numbers on the axis and in the tooltips as the active language writes them ('1.234' in German).
    locale: currentLocale(),
    animation: prefersReducedMotion() ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      tooltip: { intersect: false, ...palette.tooltip },
      legend: { display: false },
    },
    scales: {
      x: { grid: { display: false }, ticks: { color: palette.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { beginAtZero: true, grid: { color: palette.grid }, ticks: { color: palette.ticks, precision: 0 } },
    },
  };
  return (
    <ChartWithLegend
      own={{ label: own, color: palette.bar, kind: 'bar', dash: [] }}
      palette={palette}
      overlays={bars.overlays}
      marks={dayMarkRadius(bars.days.length) > 0}
    >
      <Bar data={data} options={options} role="img" aria-label={label} />
    </ChartWithLegend>
  );
}

export function ProgressLineChart({ series, label }: { series: ProgressSeries; label: string }) {
  const { t } = useLingui();
  const palette = usePalette();
  const own = series.overlays.length > 0 ? t`You` : t`Total pushups`;
  const data: ChartData<'line'> = {
    labels: series.days.map((day) => formatDay(day, 'axis')),
    datasets: [
      {
        label: own,
        data: series.cumulative,
        borderColor: palette.line,
        backgroundColor: palette.fill,
        fill: true,
        // A running total never goes down: monotone curves keep its line from dipping between days.
        cubicInterpolationMode: 'monotone' as const,
        pointRadius: 0,
        pointHitRadius: 6,
        borderWidth: 2.5,
      },
      ...(series.goalLine.length > 0
        ? [
            {
              label: t`Required progress`,
              data: series.goalLine,
              borderColor: palette.goal,
              borderDash: [6, 5],
              pointRadius: 0,
              pointHitRadius: 6,
              borderWidth: 2,
              fill: false,
              spanGaps: false,
            },
          ]
        : []),
      ...series.overlays.map((member, i) => ({
        ...memberLine(palette, member, i, dayMarkRadius(series.days.length)),
        fill: false,
      })),
    ],
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: currentLocale(),
    animation: prefersReducedMotion() ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    // The goal's line has its own legend under the chart (progress-chart-card.tsx).
    plugins: { tooltip: palette.tooltip, legend: { display: false } },
    scales: {
      x: { grid: { display: false }, ticks: { color: palette.ticks, maxRotation: 0, autoSkipPadding: 16 } },
      y: {
        beginAtZero: true,
        max: series.yMax,
        grid: { color: palette.grid },
        // No label at the 1.1 x goal bound: it would crowd the round tick below it.
        ticks: { color: palette.ticks, precision: 0, includeBounds: false },
      },
    },
  };
  return (
    <ChartWithLegend
      own={{ label: own, color: palette.line, kind: 'line', dash: [] }}
      palette={palette}
      overlays={series.overlays}
      marks={dayMarkRadius(series.days.length) > 0}
    >
      <Line data={data} options={options} role="img" aria-label={label} />
    </ChartWithLegend>
  );
}

/**
 * A group's members side by side: each member's push-ups per day as a line of straight segments
 * with a mark on every day (the group's page). The viewer's own line is the app's orange, drawn
 * last so it stays on top; the others take the members' colours, dashes and marks.
 */
export function MembersLineChart({
  days,
  members,
  own,
  label,
}: {
  days: readonly string[];
  members: readonly OverlaySeries[];
  /** The viewer's own line (labelled 'You'), or null when they have none. */
  own: OverlaySeries | null;
  label: string;
}) {
  const { t } = useLingui();
  const palette = usePalette();
  const short = days.length <= 7;
  const radius = dayMarkRadius(days.length);
  const ownLabel = t`You`;
  const data: ChartData<'line'> = {
    labels: days.map((day) => formatDay(day, short ? 'weekAxis' : 'axis')),
    datasets: [
      ...members.map((member, i) => ({ ...memberLine(palette, member, i, radius), fill: false })),
      ...(own
        ? [
            {
              label: ownLabel,
              data: own.values,
              borderColor: palette.line,
              backgroundColor: palette.line,
              borderWidth: 3,
              tension: 0,
              pointStyle: 'circle' as const,
              pointRadius: radius > 0 ? radius + 0.5 : 0,
              pointHoverRadius: radius + 2.5,
              pointHitRadius: 6,
              fill: false,
            },
          ]
        : []),
    ],
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: currentLocale(),
    animation: prefersReducedMotion() ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    plugins: { tooltip: { intersect: false, ...palette.tooltip }, legend: { display: false } },
    scales: {
      x: { grid: { display: false }, ticks: { color: palette.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { beginAtZero: true, grid: { color: palette.grid }, ticks: { color: palette.ticks, precision: 0 } },
    },
  };
  return (
    <ChartWithLegend
      own={own ? { label: ownLabel, color: palette.line, kind: 'line', dash: [], mark: 'circle' } : null}
      palette={palette}
      overlays={members}
      marks={radius > 0}
    >
      <Line data={data} options={options} role="img" aria-label={label} />
    </ChartWithLegend>
  );
}
