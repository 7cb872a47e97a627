/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for the metrics tests: it
 * throws on any line Prometheus would not take, rather than skipping it. Checked: HELP and TYPE
 * lines (one of each per family, TYPE before the family's samples), metric and label names, label
 * values and their escapes, sample values, a family's samples kept together, no series twice, and a
 * histogram's shape (its buckets cumulative, `+Inf` equal to `_count`, and `_sum`).
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)( -?\d+)?$/;

function fail(lineNumber: number, line: string, why: string): never {
  throw new Error(`metrics line ${lineNumber}: ${why}: ${JSON.stringify(line)}`);
}

/**
 * The value of a sample: a float, or Inf or NaN in any case (Prometheus reads values with Go's
 * ParseFloat, which takes `Nan`, as prom-client writes an empty mean).
 */
function sampleValue(text: string, lineNumber: number, line: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) fail(lineNumber, line, 'bad value');
  return Number(text);
}

/** `{a="x",b="y"}` (a trailing comma allowed, as the format does) into its labels. */
function labelsOf(text: string, lineNumber: number, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 1;
  const end = text.length - 1;
  while (i < end) {
    const eq = text.indexOf('=', i);
    if (eq < 0) fail(lineNumber, line, 'label without a value');
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name)) fail(lineNumber, line, `bad label name ${name}`);
    if (name in labels) fail(lineNumber, line, `label ${name} twice`);
    if (text[eq + 1] !== '"') fail(lineNumber, line, 'label value not quoted');
    let value = '';
    let j = eq + 2;
    for (;;) {
      const c = text[j];
      if (c === undefined || j >= end + 1) fail(lineNumber, line, 'unterminated label value');
      if (c === '"') break;
      if (c === '\\') {
        const next = text[j + 1];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else fail(lineNumber, line, 'bad escape in a label value');
        j += 2;
        continue;
      }
      if (c === '\n') fail(lineNumber, line, 'line break in a label value');
      value += c;
      j += 1;
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
    else if (i !== end) fail(lineNumber, line, 'labels not separated by commas');
  }
  return labels;
}

/** The family a sample belongs to: its own name, or a histogram's or summary's with its suffix cut. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  const match = /^(.*)_(bucket|sum|count)$/.exec(name);
  const base = match ? families.get(match[1] as string) : undefined;
  if (!base) return undefined;
  if (base.type === 'histogram') return base;
  if (base.type === 'summary' && match?.[2] !== 'bucket') return base;
  return undefined;
}

function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; sum?: number; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (sample.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), sample.value]);
    } else if (sample.name.endsWith('_sum')) entry.sum = sample.value;
    else if (sample.name.endsWith('_count')) entry.count = sample.value;
    else throw new Error(`${family.name}: sample ${sample.name} in a histogram`);
  }
  for (const [key, { buckets, sum, count }] of series) {
    if (sum === undefined || count === undefined) throw new Error(`${family.name}${key}: no _sum or _count`);
    const last = buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY)
      throw new Error(`${family.name}${key}: no +Inf bucket`);
    if (last[1] !== count) throw new Error(`${family.name}${key}: +Inf bucket is not _count`);
    for (let i = 1; i < buckets.length; i++) {
      const [le, n] = buckets[i] as [number, number];
      const [lePrev, nPrev] = buckets[i - 1] as [number, number];
      if (!(le > lePrev) || n < nPrev) throw new Error(`${family.name}${key}: buckets not cumulative`);
    }
  }
}

/** Every family of an exposition, by name; throws on the first line that breaks the format. */
export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('metrics text does not end with a line break');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  const closed = new Set<string>();
  const typed = new Set<string>();
  const helped = new Set<string>();
  let current: Family | undefined;
  const lines = text.slice(0, -1).split('\n');
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line === '') return;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!meta) {
        if (!line.startsWith('# ') && line !== '#') fail(lineNumber, line, 'bad comment');
        return;
      }
      const [, kind, name = '', rest = ''] = meta;
      if (!METRIC_NAME.test(name)) fail(lineNumber, line, 'bad metric name');
      if (closed.has(name)) fail(lineNumber, line, 'family continued after another began');
      let family = families.get(name);
      if (!family) {
        family = { name, type: 'untyped', help: '', samples: [] };
        families.set(name, family);
      }
      if (current && current !== family) closed.add(current.name);
      current = family;
      if (kind === 'TYPE') {
        if (typed.has(name)) fail(lineNumber, line, 'TYPE twice');
        if (family.samples.length > 0) fail(lineNumber, line, 'TYPE after samples');
        if (!TYPES.has(rest)) fail(lineNumber, line, 'unknown type');
        family.type = rest as Family['type'];
        typed.add(name);
      } else {
        if (helped.has(name)) fail(lineNumber, line, 'HELP twice');
        if (/\\[^\\n]/.test(rest.replace(/\\\\/g, ''))) fail(lineNumber, line, 'bad escape in HELP');
        family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
        helped.add(name);
      }
      return;
    }
    const match = SAMPLE.exec(line);
    if (!match) fail(lineNumber, line, 'not a sample');
    const [, name = '', labelText, valueText = ''] = match;
    const family = familyOf(name, families);
    if (!family || !typed.has(family.name)) fail(lineNumber, line, 'sample without a TYPE');
    if (closed.has(family.name)) fail(lineNumber, line, 'family continued after another began');
    if (current && current !== family) closed.add(current.name);
    current = family;
    const labels = labelText ? labelsOf(labelText, lineNumber, line) : {};
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) fail(lineNumber, line, 'series twice');
    seen.add(series);
    family.samples.push({ name, labels, value: sampleValue(valueText, lineNumber, line) });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** The value of the one sample named `name` whose labels include `labels`; 0 when there is none. */
export function valueAt(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = familyOf(name, families);
  const matching = (family?.samples ?? []).filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (matching.length > 1)
    throw new Error(`${name} ${JSON.stringify(labels)} names ${matching.length} series`);
  return matching[0]?.value ?? 0;
}
