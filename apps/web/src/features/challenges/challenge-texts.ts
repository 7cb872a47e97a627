import { plural, t } from '@lingui/core/macro';
import { type ChallengeKind, type ChallengeSummary, type FeedPerson, localDate } from '@pushup/shared';
import { formatDay, formatDayRange } from '@/lib/format-day';
import { dateTimeFormat, formatNumber } from '@/lib/i18n/format';

/** A kind as the form and the lists name it. */
export function kindLabel(kind: ChallengeKind, target: number | null): string {
  const n = target === null ? 'N' : formatNumber(target);
  switch (kind) {
    case 'race':
      return t`Race: most push-ups wins`;
    case 'everyone':
      return t`Everyone to ${n}`;
    case 'together':
      return t`Together to ${n}`;
  }
}

/** 'Nov 20 – 23, 2026 · Race: most push-ups wins · 4 in it' */
export function challengeFacts(challenge: ChallengeSummary): string {
  const range = formatDayRange(challenge.startDay, challenge.endDay);
  const count = challenge.participantCount;
  const inIt = plural(count, { one: '# taking part', other: '# taking part' });
  return `${range} · ${kindLabel(challenge.kind, challenge.target)} · ${inIt}`;
}

export function daysLeftText(daysLeft: number): string {
  return plural(daysLeft, { one: '# day left', other: '# days left' });
}

/** The end day as a pace names it: its weekday within a week, else its date. */
export function byDay(endDay: string, daysLeft: number): string {
  return daysLeft <= 7
    ? dateTimeFormat({ weekday: 'long' }).format(localDate(endDay))
    : formatDay(endDay, 'axis');
}

/** Names of several people: 'Anna', 'Anna and Ben', 'Anna, Ben and Cem'. */
export function namesList(people: readonly FeedPerson[]): string {
  const names = people.map((person) => person.username);
  if (names.length <= 1) return names[0] ?? '';
  const last = names[names.length - 1] ?? '';
  const rest = names.slice(0, -1).join(', ');
  return t`${rest} and ${last}`;
}
