/**
 * Reading a CSV of entries (docs/product.md, "Import"): the two formats, with or without a header,
 * the line endings and quoting spreadsheets write, and each rule with its message. No database.
 */
import { ENTRIES_CSV_HEADER, MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors/app-error';
import { parseEntriesCsv } from '../src/services/account-data/entries-csv';

const NOW = Date.parse('2026-03-10T09:00:00.000Z');
const read = (text: string, timezone = 'UTC') => parseEntriesCsv(text, { timezone, nowMs: NOW });

describe('parseEntriesCsv', () => {
  it('reads the app’s own export: each row keeps its instant and its day', () => {
    const parsed = read(
      `${ENTRIES_CSV_HEADER}\n2026-03-01T23:30:00.000Z,2026-03-02,20\n2026-03-02T05:00:00.000Z,2026-03-01,5\n`,
    );
    expect(parsed.format).toBe('export');
    expect(parsed.rowsRead).toBe(2);
    expect(parsed.refused).toEqual([]);
    expect(parsed.rows).toEqual([
      expect.objectContaining({ line: 2, date: '2026-03-01T23:30:00.000Z', day: '2026-03-02', count: 20 }),
      // Logged at 21:00 the day before in New York: the day of the logger's zone is kept.
      expect.objectContaining({ line: 3, date: '2026-03-02T05:00:00.000Z', day: '2026-03-01', count: 5 }),
    ]);
    expect(parsed.rows.every((row) => row.matchBy === 'instant')).toBe(true);
  });

  it('reads a simple file with a byte order mark, CR or CRLF line endings, quotes and any header case', () => {
    for (const text of [
      '\uFEFFDate,Count\r\n2026-03-01,10\r\n"2026-03-02","12"\r\n',
      'date,count\r2026-03-01,10\r2026-03-02,12',
      '2026-03-01,10\n\n  \n2026-03-02 , 12\n',
    ]) {
      const parsed = read(text, 'Europe/Berlin');
      expect(parsed.format).toBe('simple');
      expect(parsed.rowsRead).toBe(2);
      expect(parsed.rows.map((r) => [r.day, r.count, r.date, r.matchBy])).toEqual([
        ['2026-03-01', 10, '2026-03-01T11:00:00.000Z', 'day'],
        ['2026-03-02', 12, '2026-03-02T11:00:00.000Z', 'day'],
      ]);
    }
  });

  it('stamps today before noon with now, and takes a timestamp’s day in the caller’s zone', () => {
    // 09:00 in UTC: noon has not come yet.
    expect(read('date,count\n2026-03-10,3\n').rows).toEqual([
      expect.objectContaining({ day: '2026-03-10', date: new Date(NOW).toISOString(), matchBy: 'day' }),
    ]);
    // 22:00 in Auckland: noon has.
    expect(read('date,count\n2026-03-10,3\n2026-03-09T10:30:00Z,4\n', 'Pacific/Auckland').rows).toEqual([
      expect.objectContaining({ day: '2026-03-10', date: '2026-03-09T23:00:00.000Z', matchBy: 'day' }),
      expect.objectContaining({ day: '2026-03-09', date: '2026-03-09T10:30:00.000Z', matchBy: 'instant' }),
    ]);
  });

  it('refuses each bad row with the message of logging, and keeps the rest', () => {
    const parsed = read(
      [
        ENTRIES_CSV_HEADER,
        '2026-02-30T10:00:00.000Z,2026-02-28,5',
        '2026-03-01T10:00:00,2026-03-01,5',
        '2026-03-01T10:00:00.000Z,2026-3-1,5',
        '2026-03-01T10:00:00.000Z,2026-03-01,1.5',
        '2026-03-01T10:00:00.000Z,2026-03-01,-3',
        '2026-03-10T09:06:00.000Z,2026-03-10,5',
        '2026-03-10T09:04:00.000Z,2026-03-10,5',
      ].join('\n'),
    );
    expect(parsed.refused.map((r) => [r.line, r.reason])).toEqual([
      [2, MESSAGES.importInstantInvalid],
      [3, MESSAGES.importInstantInvalid],
      [4, MESSAGES.dayInvalid],
      [5, MESSAGES.pushupCountRange],
      [6, MESSAGES.pushupCountRange],
      [7, MESSAGES.futureDate],
    ]);
    // Within the 5 minutes of clock skew a log may have.
    expect(parsed.rows.map((r) => r.line)).toEqual([8]);
  });

  it('refuses a file with no rows as a whole', () => {
    for (const text of ['', ' \n\t\n', 'date,count', `${ENTRIES_CSV_HEADER}\r\n\r\n`]) {
      expect(() => read(text)).toThrow(new AppError('VALIDATION_ERROR', MESSAGES.importFileEmpty));
    }
  });
});
