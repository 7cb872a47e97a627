/**
 * Generated requests to one route, each with at least one defect that alone makes it invalid, derived
 * from the route's OpenAPI document (see bad-input.test.ts for the kinds of defect).
 */
import fc from 'fast-check';
import { expiredToken, PROJECT_ID } from '../helpers';
import { asJson, badBody, bodyNoise, deepBody, nonJsonBody, unparsableBody } from './bodies';
import { METHODS, type Method, type Route } from './routes';
import { letters, nastyString, printable } from './values';

export type Defect = 'path' | 'auth' | 'query' | 'body' | 'syntax' | 'media' | 'method' | 'noise';

/**
 * How often each defect is picked where it applies: mostly the route's own inputs (path values reach
 * the handler); the token, the parser and the router are the same code for every route.
 */
const DEFECT_WEIGHTS: Record<Defect, number> = {
  path: 6,
  body: 6,
  query: 4,
  noise: 3,
  auth: 1,
  syntax: 1,
  media: 1,
  method: 1,
};

/** One generated request, as fast-check prints a counterexample. */
interface Probe {
  defect: Defect;
  method: Method;
  url: string;
  /** With the caller's valid token (else `headers` has a bad Authorization, or none). */
  asCaller: boolean;
  headers: Record<string, string>;
  payload?: string;
}

const RAW_SEGMENTS = [
  '%zz',
  '%',
  '%0',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%ff',
  '%2e%2e',
  '%2E',
  '..',
  '.',
  '...',
  '%2F',
  '..%2F..%2Fetc%2Fpasswd',
  ';',
  ';a=b',
  '%20',
  '+',
  '%u0041',
  '%25',
  '~',
  "'",
  '%0A',
  '%0D%0A',
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path value that names nothing: encoded nasty text mostly, raw URL fragments sometimes. */
function badSegment(known: Set<string>): fc.Arbitrary<string> {
  const namesNothing = (segment: string) => !known.has(decoded(segment).trim().toLowerCase());
  return fc
    .oneof(
      { weight: 4, arbitrary: nastyString.map((value) => encodeURIComponent(value)) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    )
    .filter(namesNothing);
}

/**
 * Whether a URL parser resolves the dot segments of `path` (`..`, `%2e%2e`) into the path of another
 * route: a client asks for that route then, which may rightly answer 200 (`/api/groups/../achievements`
 * is `GET /api/achievements`).
 */
function landsOnARoute(path: string, routes: readonly Route[]): boolean {
  const resolved = new URL(path, 'http://test.invalid').pathname;
  if (resolved === path) return false;
  return routes.some((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(resolved));
}

function pathOf(route: Route, known: Set<string>, routes: readonly Route[]): fc.Arbitrary<string> {
  const names = route.pathParams.map((p) => p.name);
  return fc
    .array(badSegment(known), { minLength: names.length, maxLength: names.length })
    .map((segments) =>
      names.reduce((path, name, i) => path.replace(`{${name}}`, () => segments[i] ?? ''), route.path),
    )
    .filter((path) => !landsOnARoute(path, routes));
}

const BAD_DAYS = [
  '2025-02-30',
  '2025-13-01',
  '2025-00-10',
  '0000-01-01',
  '9999-12-31',
  '2025-1-1',
  '20250101',
  '2025-01-01T00:00:00Z',
  ' 2025-01-01',
  '1900-01-01',
  '2100-02-29',
  '-2025-01-01',
  '+02025-01-01',
  'today',
];

const queryValue = fc.oneof(
  nastyString,
  fc.constantFrom(...BAD_DAYS),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('pending', 'rejected', 'accepted', 'PENDING'),
);

const pair = (key: string, value: string) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;

/** Random keys and values (the route's own keys too), repeated keys, raw junk. */
function queryNoise(route: Route, without?: string): fc.Arbitrary<string[]> {
  const key = fc.oneof(
    fc.constantFrom(
      ...route.query.map((p) => p.name),
      'from',
      'to',
      'q',
      'status',
      'limit',
      '__proto__',
      'constructor',
      'a[b]',
      'a[]',
      '',
    ),
    printable(12),
  );
  const pairs = fc
    .array(fc.tuple(key, queryValue), { maxLength: 5 })
    .map((list) => list.filter(([k]) => k !== without).map(([k, v]) => pair(k, v)));
  if (without !== undefined) return pairs;
  const junk = fc.constantFrom('&', '&&', '=', '==&', '%zz', 'a=%zz', '%00=%00', 'a', 'x=%', '%E0%A4%A=1');
  return fc.tuple(pairs, fc.array(junk, { maxLength: 2 })).map(([list, raw]) => [...list, ...raw]);
}

/** A query where one of the route's parameters breaks its schema. */
function badQuery(route: Route): fc.Arbitrary<string[]> {
  return fc.constantFrom(...route.query).chain((param) => {
    const { name, schema } = param;
    const options: fc.Arbitrary<string[]>[] = [
      // Twice: an array where a single value is expected.
      fc.tuple(queryValue, queryValue).map(([a, b]) => [pair(name, a), pair(name, b)]),
    ];
    if (param.required) options.push(fc.constant([]));
    if (schema.enum) {
      options.push(queryValue.filter((v) => !schema.enum?.includes(v)).map((v) => [pair(name, v)]));
    }
    if (schema.maxLength !== undefined) {
      options.push(letters(schema.maxLength + 1, schema.maxLength + 200).map((v) => [pair(name, v)]));
    }
    if (schema.minLength) options.push(fc.constant([`${name}=`]));
    return fc.tuple(queryNoise(route, name), fc.oneof(...options)).map(([noise, bad]) => [...noise, ...bad]);
  });
}

export interface Caller {
  authorization: string;
  uid: string;
  email: string;
}

/** An Authorization header that is not a valid token (or none). */
function badAuthorization(caller: Caller, known: Set<string>): fc.Arbitrary<string | undefined> {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url');
  // An account that does not exist (a token for an existing one would be a valid emulator token).
  const uid = printable(28).filter((value) => !known.has(value.trim().toLowerCase()));
  const claims = fc.record(
    {
      iss: fc.oneof(fc.constant(`https://securetoken.google.com/${PROJECT_ID}`), printable(30)),
      aud: fc.oneof(fc.constant(PROJECT_ID), printable(20)),
      sub: fc.oneof(uid, fc.constant(''), fc.integer()),
      user_id: fc.oneof(uid, fc.integer()),
      iat: fc.oneof(fc.constant(now - 60), fc.integer(), printable(5)),
      exp: fc.oneof(fc.constant(now + 3600), fc.constant(now - 3600), fc.integer(), printable(5)),
      auth_time: fc.constant(now - 60),
      email: fc.oneof(fc.constant(caller.email), nastyString),
      firebase: fc.constant({ identities: {}, sign_in_provider: 'password' }),
    },
    { requiredKeys: [] },
  );
  const jwt = fc
    .tuple(
      fc.oneof(
        fc.constant({ alg: 'none', typ: 'JWT' }),
        fc.constant({ alg: 'RS256', kid: 'nope' }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      fc.oneof(claims, fc.jsonValue({ maxDepth: 2 })),
      fc.constantFrom('', 'x', 'c2lnbmF0dXJl'),
    )
    .map(([header, payload, signature]) => `Bearer ${encode(header)}.${encode(payload)}.${signature}`);
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      '',
      'Bearer',
      'Bearer ',
      'bearer  ',
      'Basic dXNlcjpzZWNyZXQ=',
      'Token abc',
      'Bearer a b',
      'Bearer null',
      'Bearer undefined',
      'Bearer e30.e30.',
      `${caller.authorization.replace('Bearer ', 'Bearer  x')}`,
      `Bearer ${expiredToken(caller.uid, caller.email)}`,
    ),
    printable(60).map((text) => `Bearer ${text}`),
    printable(60),
    jwt,
  );
}

const timezone = fc.option(
  fc.oneof(
    fc.constantFrom(
      'UTC',
      'Europe/Berlin',
      'Pacific/Kiritimati',
      'America/Argentina/Buenos_Aires',
      'Mars/Olympus',
      'utc',
      'europe/berlin',
      '',
      ' ',
      '+25:00',
      '-99:99',
      'GMT+99',
      'Etc/GMT+15',
      '../../etc/passwd',
      'UTC\tUTC',
      'A'.repeat(65),
      'Europe/Berlin'.repeat(5),
      'Z',
      'null',
    ),
    printable(80),
  ),
  { nil: undefined },
);

function defectsOf(route: Route): Defect[] {
  const defects: Defect[] = [];
  if (route.pathParams.length > 0) defects.push('path');
  if (route.authenticated) defects.push('auth');
  if (route.query.length > 0) defects.push('query');
  if (route.body) defects.push('body');
  if (route.method !== 'GET') defects.push('syntax', 'media');
  if (METHODS.some((m) => !route.methods.includes(m))) defects.push('method');
  // Reads without path values may get nothing but noise (and then succeed).
  if (route.method === 'GET' && route.pathParams.length === 0) defects.push('noise');
  return defects;
}

/** Generated requests to one route, each with one defect at least (path values always bad). */
export function probes(
  route: Route,
  caller: Caller,
  known: Set<string>,
  routes: readonly Route[],
): fc.Arbitrary<Probe> {
  const defects = defectsOf(route).map((defect) => ({
    weight: DEFECT_WEIGHTS[defect],
    arbitrary: fc.constant(defect),
  }));
  return fc.oneof(...defects).chain((defect) => {
    const method =
      defect === 'method'
        ? fc.constantFrom(...METHODS.filter((m) => !route.methods.includes(m)))
        : fc.constant(route.method);
    const query = defect === 'query' ? badQuery(route) : queryNoise(route);
    // null: the caller's valid token (left out of the printed counterexample).
    const authorization = defect === 'auth' ? badAuthorization(caller, known) : fc.constant(null);
    const body =
      defect === 'body' && route.body
        ? fc.oneof(
            { weight: 5, arbitrary: asJson(badBody(route.body)) },
            { weight: 1, arbitrary: deepBody(route.body) },
          )
        : defect === 'syntax'
          ? unparsableBody
          : defect === 'media'
            ? nonJsonBody
            : bodyNoise(route);
    const accept = fc.option(fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', 'x;;q=?'), {
      nil: undefined,
    });
    return fc
      .record({
        method,
        path: pathOf(route, known, routes),
        query,
        authorization,
        body,
        timezone,
        accept,
        requestId: fc.option(printable(140), { nil: undefined }),
      })
      .map((r): Probe => {
        const headers: Record<string, string> = {};
        if (typeof r.authorization === 'string') headers.authorization = r.authorization;
        if (r.body.contentType !== undefined) headers['content-type'] = r.body.contentType;
        if (r.timezone !== undefined) headers['x-timezone'] = r.timezone;
        if (r.accept !== undefined) headers.accept = r.accept;
        if (r.requestId !== undefined) headers['x-request-id'] = r.requestId;
        const url = r.query.length > 0 ? `${r.path}?${r.query.join('&')}` : r.path;
        return {
          defect,
          method: r.method,
          url,
          asCaller: r.authorization === null,
          headers,
          ...(r.body.payload === undefined ? {} : { payload: r.body.payload }),
        };
      });
  });
}
