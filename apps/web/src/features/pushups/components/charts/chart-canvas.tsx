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

const BRAND_600 = '#ea580c';
const BRAND_800 = '#9a3412';
const GOAL_COLOR = '#0f766e';
const GRID = 'rgba(148, 163, 184, 0.25)';
const TICKS = '#475569';

/** Group members' colours: distinct from the user's orange and the goal's teal. */
const MEMBER_COLORS = [
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
];
const memberColor = (index: number) => MEMBER_COLORS[index % MEMBER_COLORS.length] as string;

/** A legend only when members are drawn over the user's own data. */
const legend = (show: boolean) => ({
  display: show,
  position: 'bottom' as const,
  labels: { boxWidth: 12, boxHeight: 12, color: TICKS, usePointStyle: true },
});

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function DailyBarChart({ bars, label }: { bars: DailyBars; label: string }) {
  const short = bars.days.length <= 7;
  const data: ChartData<'bar'> = {
    labels: bars.days.map((day) => formatDay(day, short ? 'weekAxis' : 'axis')),
    datasets: [
      {
        label: bars.overlays.length > 0 ? 'You' : 'Pushups',
        data: bars.counts,
        backgroundColor: bars.days.map((_, i) => (i === bars.days.length - 1 ? BRAND_800 : BRAND_600)),
        borderRadius: 6,
        maxBarThickness: 36,
      },
      ...bars.overlays.map((member, i) => ({
        label: member.username,
        data: member.values,
        backgroundColor: memberColor(i),
        borderRadius: 4,
        maxBarThickness: 18,
      })),
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    plugins: { tooltip: { intersect: false }, legend: legend(bars.overlays.length > 0) },
    scales: {
      x: { grid: { display: false }, ticks: { color: TICKS, maxRotation: 0, autoSkipPadding: 8 } },
      y: { beginAtZero: true, grid: { color: GRID }, ticks: { color: TICKS, precision: 0 } },
    },
  };
  return <Bar data={data} options={options} role="img" aria-label={label} />;
}

export function ProgressLineChart({ series, label }: { series: ProgressSeries; label: string }) {
  const data: ChartData<'line'> = {
    labels: series.days.map((day) => formatDay(day, 'axis')),
    datasets: [
      {
        label: series.overlays.length > 0 ? 'You' : 'Total pushups',
        data: series.cumulative,
        borderColor: BRAND_600,
        backgroundColor: 'rgba(234, 88, 12, 0.12)',
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
              label: 'Required progress',
              data: series.goalLine,
              borderColor: GOAL_COLOR,
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
        borderColor: memberColor(i),
        backgroundColor: memberColor(i),
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
    animation: reducedMotion() ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: legend(series.overlays.length > 0) },
    scales: {
      x: { grid: { display: false }, ticks: { color: TICKS, maxRotation: 0, autoSkipPadding: 16 } },
      y: {
        beginAtZero: true,
        max: series.yMax,
        grid: { color: GRID },
        // No label at the 1.1 x goal bound: it would crowd the round tick below it.
        ticks: { color: TICKS, precision: 0, includeBounds: false },
      },
    },
  };
  return <Line data={data} options={options} role="img" aria-label={label} />;
}
