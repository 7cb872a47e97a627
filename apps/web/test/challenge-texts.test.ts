import { beforeAll, describe, expect, it } from 'vitest';
import { byDay, daysLeftText, kindLabel, namesList } from '@/features/challenges/challenge-texts';
import { activateLocale } from '@/lib/i18n/catalog';

// The labels are read in the active language: English here.
beforeAll(() => activateLocale('en'));

const person = (username: string) => ({ uuid: username, username });

describe('a challenge’s texts', () => {
  it('names a kind with its N', () => {
    expect(kindLabel('race', null)).toBe('Race: most push-ups wins');
    expect(kindLabel('everyone', 1000)).toBe('Everyone to 1,000');
    expect(kindLabel('together', null)).toBe('Together to N');
  });

  it('names one, two or several people as a sentence does (the winners of a tie)', () => {
    expect(namesList([])).toBe('');
    expect(namesList([person('anna')])).toBe('anna');
    expect(namesList([person('anna'), person('ben')])).toBe('anna and ben');
    expect(namesList([person('anna'), person('ben'), person('cem')])).toBe('anna, ben and cem');
  });

  it('counts the days left, and names the end by its weekday within a week', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(5)).toBe('5 days left');
    expect(byDay('2026-11-29', 3)).toBe('Sunday');
    expect(byDay('2026-12-29', 30)).toBe('Dec 29');
  });
});
