/**
 * The authorization matrix of docs/security.md ("## Authorization matrix") is the table of this test
 * (rows.ts), cell by cell: the docs cannot drift from what the matrix tests walk.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTORS, type Row, renderCell } from './matrix';
import { MATRIX } from './rows';

const DOC_PATH = fileURLToPath(new URL('../../../../docs/security.md', import.meta.url));
const SECTION = '## Authorization matrix';

const HEADER = ['Call', 'Target', ...ACTORS];
const renderRow = (row: Row) => [
  `\`${row.call}\``,
  row.target,
  ...ACTORS.map((a) => renderCell(row.cells[a])),
];

/** The table as markdown (what a failing docs check prints, to paste into docs/security.md). */
function renderTable(): string {
  const line = (cols: string[]) => `| ${cols.join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...MATRIX.map((row) => line(renderRow(row)))].join(
    '\n',
  );
}

/** The markdown table under SECTION in docs/security.md, cell texts trimmed, separator dropped. */
function docsTable(text: string): { table: string[][]; section: string } {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === SECTION);
  if (start < 0) throw new Error(`docs/security.md has no "${SECTION}" section`);
  const next = lines.findIndex((line, i) => i > start && /^##? /.test(line));
  const section = lines.slice(start, next < 0 ? undefined : next);
  const first = section.findIndex((line) => line.startsWith('|'));
  const table: string[][] = [];
  for (let i = first; i >= 0 && i < section.length && section[i]?.startsWith('|'); i++) {
    const cols = (section[i] as string).trim().slice(1, -1).split('|');
    table.push(cols.map((col) => col.trim()));
  }
  return { table: table.filter((_, i) => i !== 1), section: section.join('\n') };
}

describe('docs/security.md', () => {
  const text = fs.readFileSync(DOC_PATH, 'utf8');
  const { table, section } = docsTable(text);

  it('holds the matrix of this test, cell by cell', () => {
    const paste = `\nThe table of this test, to paste:\n${renderTable()}\n`;
    expect(table[0], `header${paste}`).toEqual(HEADER);
    const rows = table.slice(1).map((cols) => [(cols[0] ?? '').replace(/`/g, ''), ...cols.slice(1)]);
    const expected = MATRIX.map((row) => [row.call, ...renderRow(row).slice(1)]);
    const label = (cols: string[] | undefined) => (cols ? `${cols[0]} (${cols[1]})` : 'no row');
    const mismatches: string[] = [];
    for (let r = 0; r < Math.max(rows.length, expected.length); r++) {
      const doc = rows[r];
      const code = expected[r];
      if (!doc || !code) {
        mismatches.push(`row ${r + 1}: docs ${label(doc)}, test ${label(code)}`);
        continue;
      }
      HEADER.forEach((column, c) => {
        if (doc[c] !== code[c]) {
          mismatches.push(`${label(code)}, ${column}: docs "${doc[c]}", test "${code[c]}"`);
        }
      });
    }
    expect(mismatches, paste).toEqual([]);
  });

  it('explains every footnote and every error message the table uses', () => {
    const used = new Set(
      table.flat().flatMap((col) => [...col.matchAll(/\[\^([\w-]+)\]/g)].map((m) => m[1])),
    );
    const defined = new Set([...section.matchAll(/^\[\^([\w-]+)\]:/gm)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...defined].sort());
    const messages = new Set(
      MATRIX.flatMap((row) => ACTORS.map((a) => row.cells[a].message)).filter(
        (m): m is string => m !== undefined,
      ),
    );
    for (const message of messages) expect(section, 'each error message, word for word').toContain(message);
  });
});
