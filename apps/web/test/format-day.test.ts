import { describe, expect, it } from 'vitest';
import { entryInstant } from '@/features/pushups/api/log-pushups';
import { formatDay } from '@/lib/format-day';

describe('days', () => {
  it('are named in the local calendar, whatever the runtime zone', () => {
    expect(formatDay('2025-01-01', 'full')).toBe(
      new Date(2025, 0, 1).toLocaleDateString(undefined, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      }),
    );
    expect(formatDay('not a day', 'date')).toBe('not a day');
  });

  it('stamp an entry now when it is for today, else at 12:00 local time on its day', () => {
    const now = new Date(2026, 10, 22, 8, 30);
    expect(entryInstant('2026-11-22', now)).toBe(now.toISOString());
    expect(entryInstant('2026-11-21', now)).toBe(new Date(2026, 10, 21, 12, 0).toISOString());
  });
});
