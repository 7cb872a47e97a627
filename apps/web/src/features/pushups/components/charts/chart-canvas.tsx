import { useLingui } from '@lingui/react/macro';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { formatDay } from '../../../../lib/format-day';
import { currentLocale } from '../../../../lib/i18n/format';
import { useTheme } from '../../../../lib/theme';
import type { DailyBars, ProgressSeries } from './chart-data';

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
  Legend,
);

/**
 * The charts' colours in each theme (issue 18). Canvas colours do not follow the CSS palette, so the
 * dark ones are chosen here: bright enough on a dark card (#111827), the user's bars still orange,
 * the goal still teal, the members still apart from both.
 */
const PALETTES = {
  light: {
    bar: '#ea580c',
    todayBar: '#9a3412',
    line: '#ea580c',
    fill: 'rgba(234, 88, 12, 0.12)',
    goal: '#0f766e',
    grid: 'rgba(148, 163, 184, 0.25)',
    ticks: '#475569',
    // Chart.js's own tooltip: dark, white text.
    tooltip: { backgroundColor: 'rgba(0, 0, 0, 0.8)', titleColor: '#ffffff', bodyColor: '#ffffff' },
    /** Group members' colours: distinct from the user's orange and the goal's teal. */
    members: [
      '#4f46e5',
      '#0284c7',
      '#9333ea',
      '#db2777',
      '#16a34a',
      '#ca8a04',
      '#475569',
      '#0891b2',
      '#be123c',
      '#65a30d',
    ],
  },
  dark: {
    bar: '#fb923c',
    todayBar: '#fed7aa',
    line: '#fb923c',
    fill: 'rgba(251, 146, 60, 0.16)',
    goal: '#5eead4',
    grid: 'rgba(148, 163, 184, 0.18)',
    ticks: '#cbd5e1',
    tooltip: { backgroundColor: 'rgba(241, 245, 249, 0.95)', titleColor: '#0f172a', bodyColor: '#0f172a' },
    members: [
      '#818cf8',
      '#38bdf8',
      '#c084fc',
      '#f472b6',
      '#4ade80',
      '#facc15',
      '#94a3b8',
      '#22d3ee',
      '#fb7185',
      '#a3e635',
    ],
  },
};
type Palette = (typeof PALETTES)['light'];

function usePalette(): Palette {
  return PALETTES[useTheme().dark ? 'dark' : 'light'];
}

const memberColor = (palette: Palette, index: number) =>
  palette.members[index % palette.members.length] as string;

/** A legend only when members are drawn over the user's own data. */
const legend = (palette: Palette, show: boolean) => ({
  display: show,
  position: 'bottom' as const,
  labels: { boxWidth: 12, boxHeight: 12, color: palette.ticks, usePointStyle: true },
});

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function DailyBarChart({ bars, label }: { bars: DailyBars; label: string }) {
  const { t } = useLingui();
  const palette = usePalette();
  const short = bars.days.length <= 7;
  const data: ChartData<'bar'> = {
    labels: bars.days.map((day) => formatDay(day, short ? 'weekAxis' : 'axis')),
    datasets: [
      {
        label: bars.overlays.length > 0 ? t`You` : t`Pushups`,
        data: bars.counts,
        backgroundColor: bars.days.map((_, i) =>
          i === bars.days.length - 1 ? palette.todayBar : palette.bar,
        ),
        borderRadius: 6,
        maxBarThickness: 36,
      },
      ...bars.overlays.map((member, i) => ({
        label: member.username,
        data: member.values,
        backgroundColor: memberColor(palette, i),
        borderRadius: 4,
        maxBarThickness: 18,
      })),
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    // Numbers on the axis and in the tooltips as the active language writes them ('1.234' in German).
    locale: currentLocale(),
    animation: reducedMotion() ? false : undefined,
    plugins: {
      tooltip: { intersect: false, ...palette.tooltip },
      legend: legend(palette, bars.overlays.length > 0),
    },
    scales: {
      x: { grid: { display: false }, ticks: { color: palette.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { beginAtZero: true, grid: { color: palette.grid }, ticks: { color: palette.ticks, precision: 0 } },
    },
  };
  return <Bar data={data} options={options} role="img" aria-label={label} />;
}

export function ProgressLineChart({ series, label }: { series: ProgressSeries; label: string }) {
  const { t } = useLingui();
  const palette = usePalette();
  const data: ChartData<'line'> = {
    labels: series.days.map((day) => formatDay(day, 'axis')),
    datasets: [
      {
        label: series.overlays.length > 0 ? t`You` : t`Total pushups`,
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
        label: member.username,
        data: member.values,
        borderColor: memberColor(palette, i),
        backgroundColor: memberColor(palette, i),
        fill: false,
        cubicInterpolationMode: 'monotone' as const,
        pointRadius: 0,
        pointHitRadius: 6,
        borderWidth: 2,
      })),
    ],
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: currentLocale(),
    animation: reducedMotion() ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    plugins: { tooltip: palette.tooltip, legend: legend(palette, series.overlays.length > 0) },
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
  return <Line data={data} options={options} role="img" aria-label={label} />;
}
