/** Generated request bodies: refused by a route's schema, by the JSON parser, or by the content type. */
import fc from 'fast-check';
import type { JsonSchema, Route } from './routes';
import { allowedTypes, anyValue, invalidValue, jsonType, letters, objectNoise, printable } from './values';

/** No body at all. */
const ABSENT = Symbol('no body');

/** A body the (object) schema refuses. */
export function badBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.properties ?? {});
  const options: fc.Arbitrary<unknown>[] = [
    // Not an object at all, or no body.
    fc.oneof(
      fc.constant(ABSENT),
      anyValue.filter((value) => jsonType(value) !== 'object'),
    ),
  ];
  if (fields.length > 0) {
    options.push(
      fc
        .constantFrom(...fields)
        .chain(([name, field]) =>
          fc.tuple(objectNoise(schema), invalidValue(field)).map(([base, bad]) => ({ ...base, [name]: bad })),
        ),
    );
  }
  if (schema.required?.length) {
    options.push(
      fc.tuple(fc.constantFrom(...schema.required), objectNoise(schema)).map(([name, base]) => {
        const { [name]: _missing, ...rest } = base;
        return rest;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    const names = new Set(Object.keys(schema.properties ?? {}));
    options.push(
      fc
        .tuple(
          objectNoise(schema),
          letters(1, 12).filter((key) => !names.has(key)),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([base, key, value]) => ({ ...base, [key]: value })),
    );
  }
  return fc.oneof(...options);
}

export interface Body {
  contentType?: string;
  payload?: string;
}

const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=latin1',
);

export function asJson(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc
    .tuple(value, jsonContentType)
    .map(([v, contentType]) => (v === ABSENT ? {} : { contentType, payload: JSON.stringify(v) }));
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A JSON content type with a body the parser refuses: not JSON, empty, poisoned or too large. */
export const unparsableBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '',
          '{',
          '}',
          '{"count":',
          "{'count':1}",
          '{"count":1,}',
          '[1,]',
          'undefined',
          'NaN',
          '-',
          '01',
          '{"a":1}{"b":2}',
          '\u0000',
          '"unterminated',
          '{"a":"\\u12"}',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"admin":true}}}',
        ),
      },
      { weight: 2, arbitrary: printable(60).filter((text) => !isJson(text)) },
      // Beyond the 64 KiB body limit.
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 65 * 1024, max: 100 * 1024 })
          .map((n) => JSON.stringify({ pad: 'x'.repeat(n) })),
      },
    ),
    jsonContentType,
  )
  .map(([payload, contentType]) => ({ contentType, payload }));

/** A body that is not JSON by its content type (or has none): the API takes JSON only. */
export const nonJsonBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.option(
      fc.constantFrom(
        'text/plain',
        'text/html',
        'text/xml',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'image/png',
        'application/jsonx',
        'json',
        'foo/bar',
        '*/*',
        '',
      ),
      { nil: undefined },
    ),
    fc
      .oneof(
        fc.jsonValue().map((v) => JSON.stringify(v)),
        printable(60),
      )
      .filter((text) => text.length > 0),
  )
  .map(([contentType, payload]) => (contentType === undefined ? { payload } : { contentType, payload }));

/**
 * JSON nested tens of thousands deep (within the body limit): the whole body, or the value of a
 * field that cannot be an array.
 */
export function deepBody(schema: JsonSchema): fc.Arbitrary<Body> {
  const fields = Object.entries(schema.properties ?? {})
    .filter(([, field]) => !(allowedTypes(field)?.has('array') ?? true))
    .map(([name]) => name);
  const field =
    fields.length > 0 ? fc.option(fc.constantFrom(...fields), { nil: undefined }) : fc.constant(undefined);
  return fc
    .tuple(fc.integer({ min: 1000, max: 30_000 }), field, jsonContentType)
    .map(([depth, name, contentType]) => {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      return { contentType, payload: name === undefined ? deep : `{${JSON.stringify(name)}:${deep}}` };
    });
}

/** Anything, or nothing, as a body. */
export function bodyNoise(route: Route): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 4, arbitrary: asJson(objectNoise(route.body ?? {})) },
    { weight: 2, arbitrary: asJson(anyValue) },
    { weight: 1, arbitrary: unparsableBody },
    { weight: 1, arbitrary: nonJsonBody },
    { weight: 1, arbitrary: deepBody({}) },
  );
}
