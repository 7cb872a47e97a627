import { describe, expect, it } from 'vitest';
import type { AuditLine } from '../src/repositories/audit.repository';
import { auditCsv, csvField } from '../src/services/operators/audit-csv';

const line = (target: string | null, detail: string | null = null): AuditLine => ({
  id: 'x',
  at: '2026-11-27T20:00:00.000Z',
  actor: 'command line (ops)',
  source: 'cli',
  action: 'invite',
  target,
  detail,
});

/** An RFC 4180 reader: enough to read back what auditCsv wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('the audit trail as CSV', () => {
  it('quotes commas, quotes and line breaks in a target, and reads back as written', () => {
    const targets = [
      'a,b@example.com',
      'say "hi"@example.com',
      'two\nlines@example.com',
      'cr\r\nlf',
      ' space',
    ];
    const csv = auditCsv(targets.map((t) => line(t, 'x, "y"')));
    expect(csv.startsWith('at,actor,source,action,target,detail\r\n')).toBe(true);
    expect(csv).toContain('"a,b@example.com"');
    expect(csv).toContain('"say ""hi""@example.com"');
    expect(csv).toContain('"two\nlines@example.com"');
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(targets.length + 1);
    expect(rows.slice(1).map((r) => r[4])).toEqual(targets);
    expect(rows.slice(1).every((r) => r.length === 6 && r[5] === 'x, "y"')).toBe(true);
  });

  it('writes null as an empty field and leaves plain text unquoted', () => {
    expect(auditCsv([line(null)]).split('\r\n')[1]).toBe(
      '2026-11-27T20:00:00.000Z,command line (ops),cli,invite,,',
    );
    expect(csvField('ops@example.com')).toBe('ops@example.com');
  });

  it('keeps a spreadsheet from running a target as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@name')).toBe("'@name");
    expect(csvField('-2')).toBe("'-2");
  });
});
