/**
 * Generated values for bad input: awkward strings and JSON values, and values a field's JSON Schema
 * refuses or may well accept.
 */
import fc from 'fast-check';
import type { JsonSchema } from './routes';

const ascii = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
export const printable = (maxLength: number) => fc.string({ unit: ascii, maxLength });
/** Text without blanks (a trim cannot shorten it). */
export const letters = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'abcxyzABCXYZ0189_-'), minLength, maxLength });

const NASTY_STRINGS = [
  '',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '.',
  '..',
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%',
  '%00',
  '%2e%2e%2f',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ufeff',
  '😀',
  'Ω≈ç√∫',
  'ｆｕｌｌｗｉｄｔｈ',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '" OR ""="',
  '%_\\',
  '*',
  '<script>alert(1)</script>',
  ['$', '{7*7}'].join(''),
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'me',
  'quota',
  'search',
  'suggested',
  'admin',
];

/** Strings a path value, a query value or a body field should never trip on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  printable(40),
  fc.uuid(),
  fc.integer().map(String),
  fc.double().map(String),
  fc
    .constantFrom('a', '%', 'é', '😀', ' ', '0', '/')
    .chain((c) => fc.integer({ min: 60, max: 3000 }).map((n) => c.repeat(n))),
);

/** Any JSON value, the awkward ones often. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 0.5, -0.000001, 2 ** 31),
  nastyString,
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '-1', '1e309', '12', 'true', 'false', 'null'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(printable(10), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  // Deeply nested arrays and objects.
  fc
    .integer({ min: 20, max: 3000 })
    .map((depth) => Array.from({ length: depth }).reduce<unknown>((v, _, i) => (i % 2 ? [v] : { a: v }), 1)),
);

/**
 * Whether parsed JSON holds a `__proto__` key, or a `constructor` key with a `prototype` in it,
 * anywhere: Fastify refuses such a body as not valid JSON (prototype poisoning), whatever its schema.
 */
export function poisonsPrototypes(value: unknown): boolean {
  // A stack, not recursion: the probes nest values thousands deep.
  const stack = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    for (const [key, inner] of Object.entries(next)) {
      if (key === '__proto__') return true;
      if (
        key === 'constructor' &&
        typeof inner === 'object' &&
        inner !== null &&
        Object.hasOwn(inner, 'prototype')
      ) {
        return true;
      }
      stack.push(inner);
    }
  }
  return false;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function declaredTypes(schema: JsonSchema): Set<string> {
  const types = new Set(schema.type === undefined ? [] : [schema.type].flat());
  if (schema.nullable) types.add('null');
  for (const branch of schema.anyOf ?? []) for (const type of declaredTypes(branch)) types.add(type);
  return types;
}

/** The JSON types the schema allows (null: any). */
export function allowedTypes(schema: JsonSchema): Set<string> | null {
  if (schema.anyOf?.some((branch) => allowedTypes(branch) === null)) return null;
  if (schema.type === undefined && !schema.anyOf) return null;
  const types = declaredTypes(schema);
  if (types.has('number')) types.add('integer');
  return types;
}

/** A value the schema refuses: wrong type, out of range, too long or short, off the enum or pattern. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  const allowed = allowedTypes(schema);
  if (allowed) options.push(anyValue.filter((value) => !allowed.has(jsonType(value))));
  const { minimum, maximum, minLength, maxLength, pattern } = schema;
  if (minimum !== undefined) {
    options.push(fc.constant(-1e308), fc.constant(minimum - 1));
    if (minimum > -(2 ** 31)) options.push(fc.integer({ min: -(2 ** 31), max: minimum - 1 }));
  }
  if (maximum !== undefined) {
    options.push(fc.constant(1e308), fc.constant(maximum + 1));
    if (maximum < 2 ** 31 - 1) options.push(fc.integer({ min: maximum + 1, max: 2 ** 31 - 1 }));
  }
  const types = declaredTypes(schema);
  if (types.has('integer') && !types.has('number')) {
    options.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)));
  }
  if (maxLength !== undefined) options.push(letters(maxLength + 1, maxLength + 100));
  if (minLength) options.push(fc.constant(''));
  if (schema.enum) options.push(nastyString.filter((value) => !schema.enum?.includes(value)));
  if (pattern) {
    const regex = schemaPattern(pattern);
    // Invalid trimmed too: a schema may trim a string before it checks it (a tier's name does), and
    // a tab or line break at either end is then gone.
    options.push(nastyString.filter((value) => !regex.test(value) && !regex.test(value.trim())));
  }
  if (options.length === 0) throw new Error(`No invalid value for ${JSON.stringify(schema)}`);
  return fc.oneof(...options);
}

/**
 * A schema's `pattern` as the server's schema reads it: zod writes its regular expressions' source,
 * whose `\p{…}` classes mean Unicode properties only with the `u` flag (without it, `[^\p{Cc}]` is
 * "none of p, {, C, c and }", and a name with a "c" in it looked invalid). A source that is not
 * valid with the flag was written without it.
 */
function schemaPattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/** A value the schema may well accept (so that another field's defect is the one found). */
function plausibleValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  const types = declaredTypes(schema);
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  if (types.has('null')) options.push(fc.constant(null));
  if (types.has('integer') || types.has('number')) {
    options.push(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 }));
  }
  if (types.has('boolean')) options.push(fc.boolean());
  if (types.has('string')) {
    const low = Math.max(schema.minLength ?? 1, 1);
    options.push(
      schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : letters(low, Math.max(low, Math.min(schema.maxLength ?? 20, 20))),
    );
  }
  if (options.length === 0) options.push(fc.jsonValue({ maxDepth: 1 }));
  return fc.oneof(...options);
}

/** An object with some of the schema's fields (plausible or not) and maybe extra keys. */
export function objectNoise(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [
      name,
      fc.oneof({ weight: 3, arbitrary: plausibleValue(field) }, { weight: 1, arbitrary: anyValue }),
    ]),
  );
  const extra = fc.option(fc.dictionary(printable(12), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), {
    nil: undefined,
  });
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), extra)
    .map(([declared, more]) => ({ ...more, ...declared }));
}
