import { MESSAGES } from '@pushup/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  formatEntryTime,
  parseEditCount,
  pushupsLabel,
  relativeDay,
  resolveDay,
} from '@/features/log-history/log-history-format';
import { formatDay } from '@/lib/format-day';
import { activateLocale } from '@/lib/i18n/catalog';

// Each test starts in English, whatever language the one before left active.
beforeEach(() => activateLocale('en'));

describe('the day in ?day=', () => {
  const today = '2026-11-22';

  it('keeps a real day from 2025-01-01 to today', () => {
    expect(resolveDay('2025-01-01', today)).toBe('2025-01-01');
    expect(resolveDay('2026-11-22', today)).toBe('2026-11-22');
    expect(resolveDay('2026-02-28', today)).toBe('2026-02-28');
  });

  it('falls back to today when missing, malformed, impossible, too early or in the future', () => {
    for (const raw of [null, '', 'yesterday', '2026-2-28', '2026-02-30', '2024-12-31', '2026-11-23']) {
      expect(resolveDay(raw, today)).toBe(today);
    }
  });

  it('names days for the heading and relative to today', () => {
    expect(formatDay('2025-01-01', 'full')).toMatch(/2025/);
    expect(relativeDay(today, today)).toBe('Today');
    expect(relativeDay('2026-11-21', today)).toBe('Yesterday');
    expect(relativeDay('2026-11-02', today)).toBe('20 days ago');
  });

  it('count and name the time in the active language', async () => {
    const evening = new Date(2026, 10, 22, 18, 45).toISOString();
    expect(pushupsLabel(1)).toBe('1 pushup');
    expect(pushupsLabel(1234)).toBe('1,234 pushups');
    expect(formatEntryTime(evening)).toMatch(/^6:45\sPM$/);

    await activateLocale('de');
    expect(pushupsLabel(1)).toBe('1 Liegestütz');
    expect(pushupsLabel(1234)).toBe('1.234 Liegestütze');
    expect(relativeDay('2026-11-02', today)).toBe('vor 20 Tagen');
    expect(relativeDay(today, today)).toBe('Heute');
    expect(formatEntryTime(evening)).toBe('18:45');
  });
});

describe('the edited count', () => {
  it('counts an empty value as 0', () => {
    expect(parseEditCount('')).toEqual({ ok: true, count: 0 });
    expect(parseEditCount('  ')).toEqual({ ok: true, count: 0 });
  });

  it('accepts whole numbers from 0 to 1000', () => {
    expect(parseEditCount('0')).toEqual({ ok: true, count: 0 });
    expect(parseEditCount('42')).toEqual({ ok: true, count: 42 });
    expect(parseEditCount('1000')).toEqual({ ok: true, count: 1000 });
    expect(parseEditCount('1e3')).toEqual({ ok: true, count: 1000 });
  });

  it('refuses what is out of range, fractional or unreadable, with the spec range message', () => {
    const refused = { ok: false, message: MESSAGES.pushupEditCountRange };
    for (const raw of ['-1', '1001', '2.5', 'abc', '0x10', 'Infinity']) {
      expect(parseEditCount(raw)).toEqual(refused);
    }
    // The browser reports text it cannot read as a number as '' with validity.badInput.
    expect(parseEditCount('', true)).toEqual(refused);
  });
});
