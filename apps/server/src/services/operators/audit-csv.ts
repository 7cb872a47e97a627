import type { AuditLine } from '../../repositories/audit.repository';

const COLUMNS = ['at', 'actor', 'source', 'action', 'target', 'detail'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or leading/trailing
 * space, its quotes doubled. A field starting with = + - @ (or a tab or carriage return) gets a
 * leading apostrophe, so a spreadsheet opening the export shows a target as text instead of running
 * it as a formula: targets are whatever an operator typed.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The trail as CSV with a header line, lines separated by CRLF (RFC 4180). */
export function auditCsv(lines: readonly AuditLine[]): string {
  const rows = [COLUMNS.join(','), ...lines.map((line) => COLUMNS.map((c) => csvField(line[c])).join(','))];
  return `${rows.join('\r\n')}\r\n`;
}
