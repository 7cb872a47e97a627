import { plural, t } from '@lingui/core/macro';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';
import { STEP_COUNT, type Step } from './steps';
import type { HeatmapDay } from './year-grid';

/** What the heatmap says in words: a day's sum, its step, the year's summary. */

/** '42 pushups', 'No pushups'. */
export function dayTotalText(total: number): string {
  return total === 0 ? t`No pushups` : plural(total, { one: '# pushup', other: '# pushups' });
}

/** 'Step 3 of 4' (the colour's step in words, for who cannot tell the colours apart); '' for a day without. */
export function stepText(step: number): string {
  const last = STEP_COUNT - 1;
  return step === 0 ? '' : t`Step ${step} of ${last}`;
}

/** A cell's name: 'Friday, November 27, 2026: 42 pushups, step 3 of 4'. */
export function cellLabel(cell: HeatmapDay, step: number): string {
  const day = formatDay(cell.day, 'full');
  const total = dayTotalText(cell.total);
  const stepPart = stepText(step);
  return stepPart ? t`${day}: ${total}, ${stepPart}` : t`${day}: ${total}`;
}

/** A legend step's totals: '0', '1–10', '31+'. */
export function stepRangeText({ min, max }: Step): string {
  if (max === null) return `${formatNumber(min)}+`;
  if (min === max) return formatNumber(min);
  return `${formatNumber(min)}–${formatNumber(max)}`;
}

/** '1,234 pushups on 87 days in the last 12 months. Best day: Fri, Nov 27, 2026 with 120.' */
export function yearSummary(days: readonly HeatmapDay[]): string {
  let total = 0;
  let active = 0;
  let best: HeatmapDay | null = null;
  for (const cell of days) {
    if (cell.total <= 0) continue;
    total += cell.total;
    active += 1;
    if (!best || cell.total > best.total) best = cell;
  }
  if (!best) return t`No pushups in the last 12 months yet.`;
  const pushups = plural(total, { one: '# pushup', other: '# pushups' });
  const onDays = plural(active, { one: 'on # day', other: 'on # days' });
  const bestDay = formatDay(best.day, 'short');
  const bestTotal = formatNumber(best.total);
  return t`${pushups} ${onDays} in the last 12 months. Best day: ${bestDay} with ${bestTotal}.`;
}
