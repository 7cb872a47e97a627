import http from 'node:http';
import { isIP } from 'node:net';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../errors/app-error';

/**
 * The identity calls the web app makes in local mode, as the Firebase web SDK sends them to an
 * emulator (its path under the emulator's root, whatever path the config names): sign-up and
 * sign-in with a password, the emulator's Google credential (decision 004), the account lookup of
 * every sign-in and reload, the verification mail, and fresh ID tokens. Nothing else of the
 * emulator is served here: not its accounts listing, query or deletion, not its pages.
 */
const FORWARDED = new Set([
  'POST /identitytoolkit.googleapis.com/v1/accounts:signUp',
  'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
  'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp',
  'POST /identitytoolkit.googleapis.com/v1/accounts:lookup',
  'POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
  'POST /securetoken.googleapis.com/v1/token',
]);

const GOOGLE_SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp';
const FRESH_TOKEN = '/securetoken.googleapis.com/v1/token';

/** Where the emulator's endpoints live: a request under these is forwarded only when FORWARDED names it. */
const EMULATOR_PREFIXES = [
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/www.googleapis.com/',
  '/emulator/',
];

/** The SDK's request headers the emulator may read. Never Authorization (`Bearer owner` is its admin key). */
const FORWARDED_HEADERS = [
  'content-type',
  'accept',
  'x-client-version',
  'x-firebase-locale',
  'x-firebase-gmpid',
  'x-firebase-client',
];

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

/** The names a request may address this server by: loopback, and HOST's address when it is another one. */
function localNames(config: Config): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const add = (address: string) => names.add(isIP(address) === 6 ? `[${address}]` : address.toLowerCase());
  if (WILDCARD_HOSTS.has(config.host)) {
    // ALLOW_REMOTE_LOCAL on every interface: the machine's own addresses and name, never a stranger's name.
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const { address } of addresses ?? []) add(address);
    }
    add(os.hostname());
  } else {
    add(config.host);
  }
  return names;
}

/** The name and port of a Host header (no port is HTTP's 80), or null when it is not one. */
function parseHost(value: string | undefined): { name: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s]+)(?::(\d{1,5}))?$/i.exec(value ?? '');
  if (!match?.[1]) return null;
  return { name: match[1].toLowerCase(), port: match[2] ? Number(match[2]) : 80 };
}

/**
 * Local mode answers only requests addressed to itself (docs/security.md, "Local mode"): a page on
 * another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) sends its own name as
 * Host, and is refused before anything else runs.
 */
function registerHostCheck(app: FastifyInstance, config: Config): void {
  const names = localNames(config);
  const shown = [...names].join(', ');
  app.addHook('onRequest', async (request) => {
    const host = parseHost(request.headers.host);
    // The port the request came in on; app.inject() has no socket port, so the configured one.
    const port = request.socket.localPort ?? config.port;
    if (host && names.has(host.name) && host.port === port) return;
    const named = (request.headers.host ?? '').slice(0, 100);
    throw new AppError(
      'FORBIDDEN',
      `This server (local mode) answers only requests addressed to ${shown} on port ${port}, not to '${named}'`,
    );
  });
}

interface EmulatorAnswer {
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

/** One request to the emulator on a connection of its own (the emulator closes idle ones at will). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<EmulatorAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent: false, timeout: 10_000 }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 502,
          contentType: incoming.headers['content-type'],
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('The Auth Emulator did not answer in 10 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The media type of a Content-Type header, lower-cased, without its parameters. */
function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The body of an identity call as the emulator may read it, or a 4xx saying what is wrong: the
 * emulator answered 500 to a call without a content type (it read no body), and such errors went
 * to the page as they were. The SDK sends JSON, and a form for fresh tokens.
 */
function checkedBody(path: string, request: FastifyRequest): Record<string, unknown> | Buffer {
  const type = mediaType(request.headers['content-type']);
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (path === FRESH_TOKEN && type === 'application/x-www-form-urlencoded') return body;
  if (type !== 'application/json') {
    throw Object.assign(new Error('Identity calls must be JSON (Content-Type: application/json)'), {
      statusCode: 415,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'Identity calls take a JSON object: the body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('BAD_REQUEST', 'Identity calls take a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** The fields of a `signInWithIdp` call the web SDK sends for the local Google form's credential. */
const GOOGLE_FIELDS = new Set(['requestUri', 'postBody', 'returnSecureToken', 'returnIdpCredential']);
const GOOGLE_CLAIM_MAX_LENGTH = 2048;

/** The claims of a made-up Google ID token: strict JSON, or a JWT's payload, as the emulator reads it. */
function googleClaims(idToken: string): unknown {
  try {
    if (idToken.startsWith('{')) return JSON.parse(idToken);
    const parts = idToken.split('.');
    return parts.length === 3 ? JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) : null;
  } catch {
    return null;
  }
}

/**
 * The local Google form's sign-in (decision 004), rebuilt from what it may say (docs/security.md,
 * "Local mode: what a token can claim"). Its ID token is made up by the page, so nothing vouches for
 * its address: the emulator is told `email_verified: false` whatever the page claimed. Told `true`,
 * it signed the caller in to any existing account of that address, a verified password account
 * included, and an invite counted for an address nobody had shown to be theirs. Only a Google ID
 * token in the body, with a `sub`, an email and optionally a name and photo (strings), is taken: no
 * other provider, access token or SAML response, no claims hidden in the request URI, no linking to
 * the caller's account; a claim of the wrong type is a 400 here, where the emulator answered 500.
 */
function googleSignInBody(body: Record<string, unknown>): Record<string, unknown> {
  const refuse = (why: string) => new AppError('BAD_REQUEST', `A local Google sign-in ${why}`);
  for (const [key, value] of Object.entries(body)) {
    if (!GOOGLE_FIELDS.has(key) && value !== undefined) {
      throw refuse(`takes the Google form's ID token only, not '${key.slice(0, 40)}'`);
    }
  }
  if (typeof body.requestUri !== 'string' || !URL.canParse(body.requestUri)) {
    throw refuse('needs the request URI the web SDK sends');
  }
  const requestUri = new URL(body.requestUri);
  if (requestUri.search !== '' || requestUri.hash !== '') {
    throw refuse('takes its ID token in the body only, not in the request URI');
  }
  const params = new URLSearchParams(typeof body.postBody === 'string' ? body.postBody : '');
  for (const key of new Set(params.keys())) {
    if ((key !== 'id_token' && key !== 'providerId') || params.getAll(key).length !== 1) {
      throw refuse(`takes a Google ID token (id_token) only, not '${key.slice(0, 40)}'`);
    }
  }
  if (params.get('providerId') !== 'google.com') throw refuse('is for Google (providerId google.com) only');
  const claims = googleClaims(params.get('id_token') ?? '');
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw refuse('needs a Google ID token (id_token) whose claims are a JSON object');
  }
  const { sub, email, name, picture } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) {
    throw refuse('needs a Google account id (sub): a string of 1 to 128 characters');
  }
  if (
    typeof email !== 'string' ||
    email.length > 320 ||
    !email.includes('@') ||
    [...email].some((character) => character < ' ' || character === '\u007f')
  ) {
    throw refuse('needs an email address (a string)');
  }
  for (const [claim, value] of [
    ['name', name],
    ['picture', picture],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value.length > GOOGLE_CLAIM_MAX_LENGTH)) {
      throw refuse(`takes a ${claim} only as a string`);
    }
  }
  const idToken = JSON.stringify({ sub, email, email_verified: false, name, picture });
  return {
    requestUri: 'http://localhost',
    postBody: new URLSearchParams({ id_token: idToken, providerId: 'google.com' }).toString(),
    returnSecureToken: body.returnSecureToken === true,
    ...(body.returnIdpCredential === true ? { returnIdpCredential: true } : {}),
  };
}

/**
 * The emulator's answer to a Google sign-in whose address is another account's: it signs nobody in
 * ('needConfirmation'), and it named that account's uid, which with unsigned tokens is all it takes to
 * write one for it. The SDK needs only the flag to say the address is taken.
 */
function googleAnswer(answer: Buffer): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.toString('utf8'));
  } catch {
    return answer;
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !(parsed as { needConfirmation?: unknown }).needConfirmation
  ) {
    return answer;
  }
  const { kind, email, providerId } = parsed as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ kind, needConfirmation: true, email, providerId }));
}

async function forward(request: FastifyRequest, reply: FastifyReply, emulatorHost: string | undefined) {
  // This app's own pages only: a browser sends Origin with every one of the SDK's calls (all POSTs),
  // and a page elsewhere sends its own.
  if (request.headers.origin !== `http://${request.headers.host}`) {
    throw new AppError('FORBIDDEN', 'The identity endpoints answer this app’s own pages only');
  }
  if (request.headers.authorization !== undefined) {
    throw new AppError('FORBIDDEN', 'The identity endpoints take no Authorization header');
  }
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  if (!FORWARDED.has(`${request.method} ${path}`)) {
    throw new AppError('NOT_FOUND', `${request.method} ${path} is not an identity call this app makes`);
  }
  if (!emulatorHost) throw new Error('No Auth Emulator to forward identity calls to');
  // The API key is the only query the SDK sends; the path is the allowed one, never the raw URL.
  const key = new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1)).get('key');
  const url = `http://${emulatorHost}${path}${key === null ? '' : `?key=${encodeURIComponent(key)}`}`;
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const checked = checkedBody(path, request);
  const google = path === GOOGLE_SIGN_IN;
  let body: Buffer;
  if (Buffer.isBuffer(checked)) {
    body = checked;
  } else {
    // Forwarded as parsed: the emulator reads what was checked here, nothing else.
    body = Buffer.from(JSON.stringify(google ? googleSignInBody(checked) : checked));
    headers['content-type'] = 'application/json';
  }
  let answer: EmulatorAnswer;
  try {
    answer = await send(url, request.method, headers, body);
  } catch (error) {
    request.log.warn({ err: error }, 'the Auth Emulator did not answer');
    return reply.code(502).send({ message: 'The sign-in service did not answer', code: 'INTERNAL' });
  }
  if (answer.status >= 500) {
    // The emulator fails with a 500 on input it did not expect: this app's callers see a 400.
    request.log.warn({ status: answer.status, path }, 'the Auth Emulator failed on an identity call');
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ message: 'The sign-in service could not take this request', code: 'BAD_REQUEST' });
  }
  return reply
    .code(answer.status)
    .type(answer.contentType ?? 'application/json')
    .header('cache-control', 'no-store')
    .send(google ? googleAnswer(answer.body) : answer.body);
}

/**
 * Local mode only (decision 021): the Host check, and the web SDK's identity calls forwarded to the
 * Auth Emulator, so the browser never needs the emulator's own port.
 */
export async function registerLocalMode(
  app: FastifyInstance,
  options: { config: Config; emulatorHost: string | undefined },
): Promise<void> {
  const { config } = options;
  registerHostCheck(app, config);
  const emulatorHost =
    options.emulatorHost ??
    config.externalAuthEmulator ??
    (config.authEmulatorPort === undefined ? undefined : `127.0.0.1:${config.authEmulatorPort}`);
  await app.register(async (scope) => {
    // The SDK's bodies go on as they came: JSON, or a form for fresh tokens.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const prefix of EMULATOR_PREFIXES) {
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: `${prefix}*`,
        schema: { hide: true },
        handler: (request, reply) => forward(request, reply, emulatorHost),
      });
    }
  });
}
