import { plural, t } from '@lingui/core/macro';
import type { PlanDayState, PlanId, PlanOutcomeKind, PlanSession } from '@pushup/shared';
import { formatNumber } from '@/lib/i18n/format';

/**
 * The plans' words in the active language (docs/product.md, "Training plans: screens"). The
 * catalogue in packages/shared keeps the English names for the server; these say the same, by id,
 * as components/achievement-texts.ts does for achievements. Functions, so each text is looked up in
 * the active language when it is shown.
 */

const NAMES: Record<PlanId, () => string> = {
  hundred: () => t`100 in a row in 6 weeks`,
  'thirty-day': () => t`30-day challenge`,
  daily: () => t`Daily habit`,
  custom: () => t`Custom`,
};

const SUMMARIES: Record<PlanId, () => string> = {
  hundred: () =>
    t`Three days a week, five sets a day and a test every two weeks, up to 100 pushups in one set`,
  'thirty-day': () => t`Every day for 30 days, a few more pushups each day, in four to six sets`,
  daily: () => t`The same number of pushups every training day, in the sets you choose, without end`,
  custom: () => t`Your own sets, reps, rest and training days, without end`,
};

export function planName(id: PlanId): string {
  return (NAMES[id] ?? (() => id))();
}

export function planSummary(id: PlanId): string {
  return (SUMMARIES[id] ?? (() => ''))();
}

export function levelName(level: number): string {
  const number = formatNumber(level);
  return t`Level ${number}`;
}

/** Why the plan stands where it does, after its last workout or retest. */
const OUTCOMES: Record<PlanOutcomeKind, () => string> = {
  done: () => t`Every target met: on to the next day.`,
  'repeat-day': () => t`A target was missed, so this day comes again.`,
  'moved-on': () => t`Retest passed: you move on.`,
  'repeat-week': () => t`The retest fell short of its target, so this week comes again.`,
  'dropped-level': () => t`The retest fell well short of its target: one level down, and this week again.`,
  finished: () => t`Plan finished. Well done!`,
};

export function outcomeText(kind: PlanOutcomeKind): string {
  return (OUTCOMES[kind] ?? (() => ''))();
}

/** 'Week 3, day 2', or 'Week 2: retest'. */
export function sessionName(session: Pick<PlanSession, 'week' | 'day' | 'kind'>): string {
  const week = formatNumber(session.week);
  const day = formatNumber(session.day);
  return session.kind === 'retest' ? t`Week ${week}: retest` : t`Week ${week}, day ${day}`;
}

function sessionTotal(session: Pick<PlanSession, 'sets'>): number {
  return session.sets.reduce((sum, set) => sum + set.reps, 0);
}

/** '5 sets, 62 pushups'; a retest: 'One set, as many as you can'. */
export function sessionSize(session: Pick<PlanSession, 'sets' | 'kind'>): string {
  if (session.kind === 'retest') return t`One set, as many as you can`;
  const sets = plural(session.sets.length, { one: '# set', other: '# sets' });
  const reps = plural(sessionTotal(session), { one: '# pushup', other: '# pushups' });
  return `${sets}, ${reps}`;
}

const DAY_STATES: Record<PlanDayState, () => string> = {
  done: () => t`Done`,
  missed: () => t`Missed`,
  today: () => t`Today`,
  upcoming: () => t`Training day`,
  rest: () => t`Rest day`,
  paused: () => t`Paused`,
};

export function dayStateName(state: PlanDayState): string {
  return (DAY_STATES[state] ?? (() => state))();
}
