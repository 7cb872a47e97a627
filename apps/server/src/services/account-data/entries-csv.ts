import {
  CLOCK_SKEW_MS,
  dayInZone,
  EARLIEST_DAY,
  ENTRIES_CSV_HEADER,
  IMPORT_MAX_ROWS,
  type ImportRefusal,
  importTooManyRowsMessage,
  MESSAGES,
  PUSHUP_COUNT_MAX,
} from '@pushup/shared';
import { AppError } from '../../errors/app-error';
import { localTimeToInstant } from '../shared/local-time';
import type { Pacer } from './next-turn';

/**
 * Reading a CSV of entries (docs/product.md, "Import"): the app's own export (`instant,day,count`) or
 * a simple `date,count` file, with or without its header line. Pure: no database, no clock of its own.
 */

/** `export`: instant,day,count (this app's CSV); `simple`: date,count, the date a day or a timestamp. */
type CsvFormat = 'export' | 'simple';

/** A row that passed every rule of a single entry; duplicates and the daily limit are the import's. */
export interface ImportRow {
  /** Its line in the file, from 1. */
  line: number;
  /** The instant the entry gets (ISO UTC) and the day it counts for. */
  date: string;
  day: string;
  count: number;
  /**
   * How an entry already held is recognised: by its instant and count when the row has an instant,
   * by its day and count when it has a date alone (it gets 12:00 on that day, or now on today).
   */
  matchBy: 'instant' | 'day';
  text: string;
}

export interface ParsedCsv {
  format: CsvFormat;
  /** Data rows read (the header and blank lines not counted). */
  rowsRead: number;
  rows: ImportRow[];
  refused: ImportRefusal[];
}

/** Back-dated entries are stamped at noon (docs/product.md, "Validation"), as the web app does. */
const BACKDATED_TIME = '12:00';
/** Zones run from UTC-12 to UTC+14: an instant's day anywhere lies in this window around it. */
const ZONE_WEST_MS = 12 * 3_600_000;
const ZONE_EAST_MS = 14 * 3_600_000;
/** A refused row's text is shown up to this many characters. */
const SHOWN_TEXT = 120;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const COUNT = /^\d{1,7}$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar day that exists (2025-02-30 and 2025-13-01 do not), in the calendar of Date. */
function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] as number));
}

/** The instant of an ISO timestamp with its offset (its date must exist), else null. */
function instantOf(text: string): Date | null {
  if (!INSTANT.test(text) || !isDay(text.slice(0, 10))) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** One value: surrounding blanks and a pair of double quotes removed (a spreadsheet may quote). */
function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replaceAll('""', '"').trim();
  }
  return trimmed;
}

function fieldsOf(line: string): string[] {
  return line.split(',').map(unquote);
}

const sameNames = (fields: string[], names: string[]) =>
  fields.length === names.length && fields.every((field, i) => field.toLowerCase() === names[i]);

/** The format a header names, if the line is one. */
function headerFormat(fields: string[]): CsvFormat | null {
  if (sameNames(fields, ENTRIES_CSV_HEADER.split(','))) return 'export';
  if (sameNames(fields, ['date', 'count']) || sameNames(fields, ['day', 'count'])) return 'simple';
  return null;
}

/** What readRow needs besides the fields: the caller's zone and clock, and what it computed already. */
interface RowContext {
  timezone: string;
  nowMs: number;
  today: string;
  /** The instant of each back-dated day met so far, ISO (a day's zone rules are read once per file). */
  instantOf: Map<string, string>;
}

/**
 * The entry a row of `format` makes, or why it is refused (the rules of docs/product.md, "Validation").
 * `line` and `text` are the row's, for the entry.
 */
function readRow(
  fields: string[],
  format: CsvFormat,
  context: RowContext,
  line: number,
  text: string,
): ImportRow | string {
  if (format === 'export' && fields.length !== 3) return MESSAGES.importFieldsApp;
  if (format === 'simple' && fields.length !== 2) return MESSAGES.importFieldsSimple;
  const countText = fields[fields.length - 1] as string;
  const count = COUNT.test(countText) ? Number(countText) : Number.NaN;
  if (!(count >= 1 && count <= PUSHUP_COUNT_MAX)) return MESSAGES.pushupCountRange;

  if (format === 'export') {
    const instant = instantOf(fields[0] as string);
    if (!instant) return MESSAGES.importInstantInvalid;
    const day = fields[1] as string;
    if (!isDay(day)) return MESSAGES.dayInvalid;
    if (instant.getTime() > context.nowMs + CLOCK_SKEW_MS) return MESSAGES.futureDate;
    if (day < EARLIEST_DAY) return MESSAGES.dateBeforeEarliest;
    // The day is the logger's, in their zone then: it must be the instant's day in some zone.
    const earliest = new Date(instant.getTime() - ZONE_WEST_MS).toISOString().slice(0, 10);
    const latest = new Date(instant.getTime() + ZONE_EAST_MS).toISOString().slice(0, 10);
    if (day < earliest || day > latest) return MESSAGES.importDayMismatch;
    return { line, date: instant.toISOString(), day, count, matchBy: 'instant', text };
  }

  const dated = fields[0] as string;
  if (isDay(dated)) {
    if (dated > context.today) return MESSAGES.futureDate;
    if (dated < EARLIEST_DAY) return MESSAGES.dateBeforeEarliest;
    // Four readings of the zone's clock: the largest cost of a row, so once per day of a file.
    let date = context.instantOf.get(dated);
    if (date === undefined) {
      const noon = localTimeToInstant(dated, BACKDATED_TIME, context.timezone).getTime();
      date = new Date(Math.min(noon, context.nowMs)).toISOString();
      context.instantOf.set(dated, date);
    }
    return { line, date, day: dated, count, matchBy: 'day', text };
  }
  const instant = instantOf(dated);
  if (!instant) return MESSAGES.importDateInvalid;
  if (instant.getTime() > context.nowMs + CLOCK_SKEW_MS) return MESSAGES.futureDate;
  const day = dayInZone(instant, context.timezone);
  if (day < EARLIEST_DAY) return MESSAGES.dateBeforeEarliest;
  return { line, date: instant.toISOString(), day, count, matchBy: 'instant', text };
}

/** Lines split or read between two pauses of reading(): a fraction of a millisecond of work. */
const STEP_LINES = 100;

/**
 * The reading itself, as steps: it pauses (yields) after every STEP_LINES lines, so that a caller
 * may give the event loop a turn in between; `counted` hears how many rows the file holds (the
 * header and blank lines not counted) before any of them is read.
 */
function* reading(
  text: string,
  context: { timezone: string; nowMs: number },
  counted?: (rows: number) => void,
): Generator<void, ParsedCsv> {
  const body = text.replace(/^\uFEFF/, '');
  // As body.split(/\r\n|\n|\r/), a step at a time: the lines that are not blank, with their number.
  const lineBreak = /\r\n|\n|\r/g;
  const raws: string[] = [];
  const lines: number[] = [];
  for (let start = 0, line = 1; ; line++) {
    const found = lineBreak.exec(body);
    const raw = body.slice(start, found ? found.index : body.length);
    if (raw.trim() !== '') {
      raws.push(raw);
      lines.push(line);
    }
    if (!found) break;
    start = found.index + found[0].length;
    if (line % STEP_LINES === 0) yield;
  }
  const first = raws[0];
  const firstFields = first === undefined ? [] : fieldsOf(first);
  const named = first === undefined ? null : headerFormat(firstFields);
  const format: CsvFormat = named ?? (firstFields.length === 3 ? 'export' : 'simple');
  const skip = named ? 1 : 0;
  const rowCount = raws.length - skip;
  counted?.(rowCount);
  if (rowCount === 0) throw new AppError('VALIDATION_ERROR', MESSAGES.importFileEmpty);
  if (rowCount > IMPORT_MAX_ROWS) {
    throw new AppError('VALIDATION_ERROR', importTooManyRowsMessage(IMPORT_MAX_ROWS, rowCount));
  }

  const rowContext: RowContext = {
    ...context,
    today: dayInZone(new Date(context.nowMs), context.timezone),
    instantOf: new Map(),
  };
  const rows: ImportRow[] = [];
  const refused: ImportRefusal[] = [];
  for (let i = skip; i < raws.length; i++) {
    const raw = raws[i] as string;
    const line = lines[i] as number;
    const shown = raw.trim().slice(0, SHOWN_TEXT);
    const read = readRow(fieldsOf(raw), format, rowContext, line, shown);
    if (typeof read === 'string') refused.push({ line, text: shown, reason: read });
    else rows.push(read);
    if ((i + 1) % STEP_LINES === 0) yield;
  }
  return { format, rowsRead: rowCount, rows, refused };
}

/**
 * Reads the file's rows in order. A file with no rows, or with more than IMPORT_MAX_ROWS, is refused
 * as a whole (400); otherwise each row is an entry or a refusal with its reason. Dates alone are days
 * in `timezone` (the caller's X-Timezone). In one go.
 */
export function parseEntriesCsv(text: string, context: { timezone: string; nowMs: number }): ParsedCsv {
  const steps = reading(text, context);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseEntriesCsv paced: the event loop gets a turn whenever `pacer` says (a file of 50,000 rows read
 * in one go held it for about 1.8 s, and every other user waited). `counted` as for reading().
 */
export async function readEntriesCsv(
  text: string,
  context: { timezone: string; nowMs: number },
  pacer: Pacer,
  counted?: (rows: number) => void,
): Promise<ParsedCsv> {
  const steps = reading(text, context, counted);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pacer.pause();
  }
}
