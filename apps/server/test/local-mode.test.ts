import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { freePort, startAuthEmulator } from '../src/auth/emulator';
import { createFirebaseIdentity } from '../src/auth/identity';
import { AdminService } from '../src/services/users/admin.service';
import {
  adminAuth,
  bearer,
  createTestServer,
  emulatorHost,
  invitedAccount,
  PROJECT_ID,
  registeredAccount,
  ruleEngines,
  signUp,
  type TestServer,
  tempDir,
  uniqueEmail,
  unsignedToken,
} from './helpers';

/** What app.inject() sends by default, so this app's own pages are at http://localhost:80. */
const OWN_ORIGIN = 'http://localhost:80';
const SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';
const SIGN_UP = '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key';
const GOOGLE = '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key';

/** The web app's local Google form: a made-up Google ID token (decision 004), here with any claims. */
function googleBody(claims: unknown) {
  return {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
  };
}

/** The payload of an (unsigned) ID token. */
function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** What the user does with the verification mail: opens its link (here, applies its code). */
async function openVerificationMail(email: string): Promise<void> {
  const outbox = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await outbox.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const mail = oobCodes.findLast(
    (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === 'VERIFY_EMAIL',
  );
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const applied = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: mail.oobCode }),
    },
  );
  if (!applied.ok) throw new Error(`the verification link failed: ${await applied.text()}`);
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with headers fetch() would not let a test choose (Host, Origin). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
        answer.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe.each(ruleEngines)('local mode on %s (decision 021)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The web SDK's own call through the app: its Origin, its headers, its body. */
  const sdkCall = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: OWN_ORIGIN,
        'content-type': 'application/json',
        'x-client-version': 'Chrome/JsCore/12.19.0/FirebaseCore-web',
        ...headers,
      },
      payload: JSON.stringify(payload),
    });

  describe('the Host check against DNS rebinding', () => {
    it('refuses a request addressed to any other name or port, with what it answers to', async () => {
      for (const host of [
        'evil.example:80',
        'evil.example',
        'localhost:8080',
        '127.0.0.1:81',
        'localhost.:80',
      ]) {
        const response = await server.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
        expect(response.statusCode, host).toBe(403);
        expect(response.json(), host).toEqual({
          code: 'FORBIDDEN',
          message: expect.stringContaining('answers only requests addressed to localhost, 127.0.0.1, [::1]'),
        });
        expect(response.json().message, host).toContain('on port 80');
      }
    });

    it('answers at the loopback names with its port', async () => {
      for (const host of ['localhost:80', 'LOCALHOST', '127.0.0.1:80', '[::1]:80']) {
        const response = await server.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
        expect(response.statusCode, host).toBe(200);
      }
    });

    it('checks the port a real connection came in on', async () => {
      const app = await buildApp({
        config: server.config,
        db: server.db.handle,
        identity: createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: emulatorHost() }),
        webRoot: null,
        logger: false,
      });
      try {
        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as AddressInfo;
        const at = (host: string) => rawRequest(`http://127.0.0.1:${port}/api/health`, { headers: { host } });
        expect((await at(`127.0.0.1:${port}`)).status).toBe(200);
        expect((await at(`localhost:${port}`)).status).toBe(200);
        expect((await at(`rebound.example:${port}`)).status).toBe(403);
        expect((await at('localhost:80')).status).toBe(403);
      } finally {
        await app.close();
      }
    });

    it('is not made in production, where a proxy decides which names reach the app', async () => {
      const production = await buildApp({
        config: { ...server.config, mode: 'production' },
        db: server.db.handle,
        identity: createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: emulatorHost() }),
        webRoot: null,
        logger: false,
      });
      try {
        const response = await production.inject({
          method: 'GET',
          url: '/api/health',
          headers: { host: 'pushups.example.com' },
        });
        expect(response.statusCode).toBe(200);
        // Nor are identity calls forwarded: production has no emulator.
        const forwarded = await production.inject({
          method: 'POST',
          url: SIGN_IN,
          headers: { host: 'pushups.example.com', origin: 'https://pushups.example.com' },
          payload: {},
        });
        expect(forwarded.statusCode).toBe(404);
        expect(forwarded.body).not.toContain('idToken');
      } finally {
        await production.close();
      }
    });
  });

  describe('the identity calls of the web SDK, through the app’s own origin', () => {
    it('signs in with a password and answers an ID token the API accepts', async () => {
      const account = await invitedAccount(server);
      const response = await sdkCall(SIGN_IN, {
        email: account.email,
        password: 'secret123',
        returnSecureToken: true,
        clientType: 'CLIENT_TYPE_WEB',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const { idToken, refreshToken, localId } = response.json<{
        idToken: string;
        refreshToken: string;
        localId: string;
      }>();
      expect(localId).toBe(account.uid);

      const created = await server.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(idToken),
        payload: { username: `fwd${Math.random().toString(36).slice(2, 9)}` },
      });
      expect(created.statusCode).toBe(201);

      // The SDK's account lookup and a fresh token (a form body, as the SDK sends it) work too.
      const lookup = await sdkCall('/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key', {
        idToken,
      });
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json<{ users: { email: string }[] }>().users[0]?.email).toBe(account.email.toLowerCase());
      const refreshed = await server.app.inject({
        method: 'POST',
        url: '/securetoken.googleapis.com/v1/token?key=demo-api-key',
        headers: { origin: OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
      });
      expect(refreshed.statusCode).toBe(200);
      const fresh = refreshed.json<{ id_token: string }>().id_token;
      const profile = await server.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: bearer(fresh),
      });
      expect(profile.statusCode).toBe(200);
    });

    it('signs up, asks for the verification mail and signs a Google account in (decision 004)', async () => {
      const email = uniqueEmail('fwd');
      const signUp = await sdkCall('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key', {
        email,
        password: 'secret123',
        returnSecureToken: true,
      });
      expect(signUp.statusCode).toBe(200);
      const mail = await sdkCall('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key', {
        requestType: 'VERIFY_EMAIL',
        idToken: signUp.json<{ idToken: string }>().idToken,
      });
      expect(mail.statusCode).toBe(200);
      const google = await sdkCall(
        '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key',
        {
          postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `g-${email}`, email: `g-${email}`, email_verified: true }))}&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
        },
      );
      expect(google.statusCode).toBe(200);
      expect(google.json<{ email: string }>().email).toBe(`g-${email}`.toLowerCase());
    });

    it('refuses a page on another origin, and a request without this app’s Origin', async () => {
      const account = await invitedAccount(server);
      const body = { email: account.email, password: 'secret123', returnSecureToken: true };
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:80', 'https://evil.example', 'null']) {
        const response = await sdkCall(SIGN_IN, body, { origin });
        expect(response.statusCode, origin).toBe(403);
        expect(response.json(), origin).toEqual({
          code: 'FORBIDDEN',
          message: 'The identity endpoints answer this app’s own pages only',
        });
        expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
      const withoutOrigin = await server.app.inject({
        method: 'POST',
        url: SIGN_IN,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(withoutOrigin.statusCode).toBe(403);
      expect(withoutOrigin.body).not.toContain('idToken');
      // A preflight from elsewhere gets no CORS and no private-network grant either.
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: SIGN_IN,
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-private-network': 'true',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-private-network']).toBeUndefined();
    });

    it('refuses Authorization: Bearer owner, the emulator’s admin key', async () => {
      const account = await invitedAccount(server);
      for (const authorization of ['Bearer owner', 'bearer OWNER', 'Bearer ya29.anything']) {
        const lookup = await sdkCall(
          `/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`,
          { localId: [account.uid] },
          { authorization },
        );
        expect(lookup.statusCode, authorization).toBe(403);
        expect(lookup.body, authorization).not.toContain(account.email.toLowerCase());
      }
    });

    it('never forwards the emulator’s admin endpoints, its outbox or its pages', async () => {
      const account = await invitedAccount(server);
      const calls: [string, string, unknown?][] = [
        [
          'POST',
          `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:query`,
          { returnUserInfo: true },
        ],
        ['POST', '/identitytoolkit.googleapis.com/v1/accounts:query', {}],
        ['GET', `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet?maxResults=100`],
        [
          'POST',
          `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchDelete`,
          { localIds: [account.uid], force: true },
        ],
        [
          'POST',
          '/identitytoolkit.googleapis.com/v1/accounts:update',
          { localId: account.uid, emailVerified: true },
        ],
        ['POST', '/identitytoolkit.googleapis.com/v1/accounts:delete', { localId: account.uid }],
        ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken', { token: 'x' }],
        [
          'POST',
          `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`,
          { email: uniqueEmail() },
        ],
        ['GET', `/emulator/v1/projects/${PROJECT_ID}/accounts`],
        ['DELETE', `/emulator/v1/projects/${PROJECT_ID}/accounts`],
        ['GET', `/emulator/v1/projects/${PROJECT_ID}/oobCodes`],
        ['GET', `/emulator/v1/projects/${PROJECT_ID}/config`],
        ['GET', '/emulator/auth/handler?apiKey=demo-api-key'],
        ['GET', '/emulator/openapi.json'],
        [
          'POST',
          '/www.googleapis.com/identitytoolkit/v3/relyingparty/getAccountInfo',
          { localId: [account.uid] },
        ],
        ['POST', '/identitytoolkit.googleapis.com/v1/accounts%3AsignInWithPassword', {}],
        ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp/../../v1/accounts:query', {}],
      ];
      for (const [method, url, payload] of calls) {
        const response = await server.app.inject({
          method: method as 'GET' | 'POST' | 'DELETE',
          url: `${url}${url.includes('?') ? '&' : '?'}key=demo-api-key`,
          headers: { origin: OWN_ORIGIN, 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'NOT_FOUND' });
        expect(response.body, `${method} ${url}`).not.toContain(account.email.toLowerCase());
      }
      // Nothing was deleted or changed: the account still signs in, unverified.
      const again = await sdkCall(SIGN_IN, {
        email: account.email,
        password: 'secret123',
        returnSecureToken: true,
      });
      expect(again.statusCode).toBe(200);
    });

    it('signs a made-up Google account in with its address unverified, whatever its token claims', async () => {
      const email = uniqueEmail('claims');
      const google = await sdkCall(GOOGLE, googleBody({ sub: `g-${email}`, email, email_verified: true }));
      expect(google.statusCode).toBe(200);
      const answer = google.json<{ idToken: string; localId: string; emailVerified?: boolean }>();
      expect(answer.emailVerified).not.toBe(true);
      expect(claimsOf(answer.idToken)).toMatchObject({ email: email.toLowerCase(), email_verified: false });
      expect((await adminAuth().getUser(answer.localId)).emailVerified).toBe(false);
    });

    it('never signs a made-up Google token in to an existing account by its address, nor tells its uid', async () => {
      // The victim: a password account whose address is verified.
      const email = uniqueEmail('victim');
      const signUp = await sdkCall(SIGN_UP, { email, password: 'secret123', returnSecureToken: true });
      const victim = signUp.json<{ idToken: string; localId: string }>();
      await sdkCall('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key', {
        requestType: 'VERIFY_EMAIL',
        idToken: victim.idToken,
      });
      await openVerificationMail(email);

      const claim = await sdkCall(GOOGLE, googleBody({ sub: `g-${email}`, email, email_verified: true }));
      expect(claim.body).not.toContain(victim.localId);
      expect(claim.body).not.toContain('idToken');
      expect(claim.body).not.toContain('refreshToken');
      // The victim's password still signs in: the account was not taken over.
      const again = await sdkCall(SIGN_IN, { email, password: 'secret123', returnSecureToken: true });
      expect(again.statusCode).toBe(200);
      expect(again.json<{ localId: string }>().localId).toBe(victim.localId);
    });

    it('takes a Google ID token only, as the local Google form sends it', async () => {
      const email = uniqueEmail('idp');
      const bodies: [string, unknown][] = [
        [
          'another provider',
          {
            ...googleBody({ sub: 's', email }),
            postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: 's', email, email_verified: true }))}&providerId=facebook.com`,
          },
        ],
        [
          'an access token',
          {
            ...googleBody({}),
            postBody: `access_token=${encodeURIComponent(JSON.stringify({ sub: 's', email, email_verified: true }))}&providerId=google.com`,
          },
        ],
        [
          'claims in the request URI',
          {
            ...googleBody({ sub: 's', email }),
            requestUri: `http://localhost?id_token=${encodeURIComponent(JSON.stringify({ sub: 's', email, email_verified: true }))}`,
          },
        ],
        ['a link to the caller', { ...googleBody({ sub: 's', email, email_verified: true }), idToken: 'x' }],
        ['no sub', googleBody({ email })],
        ['claims that are not an object', googleBody([1, 2])],
      ];
      for (const [what, body] of bodies) {
        const response = await sdkCall(GOOGLE, body);
        expect(response.statusCode, what).toBe(400);
        expect(response.json(), what).toMatchObject({
          code: 'BAD_REQUEST',
          message: expect.stringMatching(/Google/),
        });
      }
    });

    it('REQUIRE_VERIFIED_EMAIL: a made-up Google account gets in only once its address is confirmed by mail', async () => {
      const strict = await createTestServer(engine, { db: server.db, requireVerifiedEmail: true });
      try {
        const email = uniqueEmail('gverify');
        await new AdminService(server.repos).invite({ kind: 'operator' }, email);
        const google = await strict.app.inject({
          method: 'POST',
          url: GOOGLE,
          headers: { origin: OWN_ORIGIN, 'content-type': 'application/json' },
          payload: JSON.stringify(googleBody({ sub: `g-${email}`, email, email_verified: true })),
        });
        const { idToken } = google.json<{ idToken: string }>();
        const refused = await strict.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: bearer(idToken),
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');

        await sdkCall('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key', {
          requestType: 'VERIFY_EMAIL',
          idToken,
        });
        await openVerificationMail(email);
        // The very token of before: the server reads the account, not the token's claim.
        const admitted = await strict.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: bearer(idToken),
          payload: { username: `gv${Math.random().toString(36).slice(2, 9)}` },
        });
        expect(admitted.statusCode).toBe(201);
      } finally {
        await strict.close();
      }
    });

    it('REQUIRE_VERIFIED_EMAIL: an unsigned token’s own email or email_verified claim counts for nothing', async () => {
      const strict = await createTestServer(engine, { db: server.db, requireVerifiedEmail: true });
      try {
        // An unverified account of one's own, invited, and an invited address that is someone else's.
        const mine = await invitedAccount(server);
        const stranger = await signUp();
        const theirs = uniqueEmail('theirs');
        await new AdminService(server.repos).invite({ kind: 'operator' }, theirs);
        const profile = (on: TestServer, token: string) =>
          on.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

        // Claiming one's own address verified: the account says it is not.
        const claimsVerified = await profile(
          strict,
          unsignedToken(mine.uid, { email: mine.email.toLowerCase(), email_verified: true }),
        );
        expect(claimsVerified.statusCode).toBe(403);
        expect(claimsVerified.json().code).toBe('EMAIL_NOT_VERIFIED');

        // Claiming someone else's invited address: the caller is still their own account.
        const claimsTheirs = unsignedToken(stranger.uid, {
          email: theirs.toLowerCase(),
          email_verified: true,
        });
        const strictly = await profile(strict, claimsTheirs);
        expect(strictly.statusCode).toBe(403);
        expect(strictly.json().code).toBe('EMAIL_NOT_VERIFIED');
        const created = await server.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: bearer(claimsTheirs),
          payload: { username: `th${Math.random().toString(36).slice(2, 9)}` },
        });
        expect(created.statusCode).toBe(403);
        expect(created.json().code).toBe('NOT_INVITED');
      } finally {
        await strict.close();
      }
    });

    it('refuses an unsigned token that lives longer than the emulator’s hour or was signed in later than its account', async () => {
      const { account } = await registeredAccount(server);
      const profile = (token: string) =>
        server.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      const email = account.email.toLowerCase();
      const signedIn = claimsOf(account.idToken).auth_time as number;
      // A second or two later, so that "now" is after the account's last sign-in.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const now = Math.floor(Date.now() / 1000);
      // The emulator's own shape passes (so the rest is refused for what it claims).
      expect((await profile(unsignedToken(account.uid, { email, auth_time: signedIn }))).statusCode).toBe(
        200,
      );
      for (const [what, claims] of [
        ['an exp ten years ahead', { auth_time: signedIn, exp: now + 10 * 365 * 86400 }],
        ['issued in the future', { auth_time: signedIn, iat: now + 3600, exp: now + 7200 }],
        ['signed in after its account last did', { auth_time: now }],
        ['signed in after it was issued', { auth_time: now, iat: now - 1, exp: now + 3599 }],
        ['a sign-in time that is no time', { auth_time: 'soon' }],
      ] as const) {
        const response = await profile(unsignedToken(account.uid, { email, ...claims }));
        expect(response.statusCode, what).toBe(401);
        expect(response.json(), what).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    });

    it('answers the emulator’s own failures as a 4xx that says what is wrong (a non-string email, no content type)', async () => {
      const nonString = await sdkCall(GOOGLE, googleBody({ sub: 'g-numbers', email: 42 }));
      expect(nonString.statusCode).toBe(400);
      expect(nonString.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('email') });

      const email = uniqueEmail('untyped');
      const untyped = await server.app.inject({
        method: 'POST',
        url: SIGN_UP,
        headers: { origin: OWN_ORIGIN },
        payload: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
      });
      expect(untyped.statusCode).toBe(415);
      expect(untyped.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'Identity calls must be JSON (Content-Type: application/json)',
      });
      const empty = await server.app.inject({
        method: 'POST',
        url: SIGN_UP,
        headers: { origin: OWN_ORIGIN },
      });
      expect(empty.statusCode).toBe(415);
      const notJson = await sdkCall(SIGN_UP, '{"email":');
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('tells the browser the app’s own origin, and lets it connect nowhere else', async () => {
      expect(server.config.firebaseWebConfig.authEmulatorUrl).toBe('/');
      const response = await server.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("frame-src 'none';");
    });
  });
});

describe('the Auth Emulator itself', () => {
  it('refuses any browser request (one with an Origin), admin key or not, with no CORS', async () => {
    const accounts = `http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/accounts`;
    const query = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:query`;
    const fromPage = await rawRequest(query, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        authorization: 'Bearer owner',
        'content-type': 'application/json',
      },
      body: '{"returnUserInfo":true}',
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
    expect(fromPage.body).not.toContain('userInfo');
    const preflight = await rawRequest(accounts, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'DELETE',
        'access-control-request-private-network': 'true',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-private-network']).toBeUndefined();
    // The server, the admin SDK and the tests send no Origin: they still reach it.
    const fromServer = await rawRequest(query, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(fromServer.status).toBe(200);
  });

  it('keeps DATA_DIR/auth and the accounts exported there readable by their owner only', async () => {
    const dataDir = tempDir('private-auth');
    const exportDir = path.join(dataDir, 'auth');
    // An export written before this rule, readable by everyone.
    fs.mkdirSync(exportDir, { mode: 0o755 });
    fs.chmodSync(exportDir, 0o755);
    fs.writeFileSync(path.join(exportDir, 'old.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(exportDir, 'old.json'), 0o644);
    const port = await freePort();
    const emulator = await startAuthEmulator({ port, projectId: PROJECT_ID, dataDir, persist: true });
    try {
      expect(fs.statSync(exportDir).mode & 0o777).toBe(0o700);
      const email = uniqueEmail('private');
      const response = await fetch(
        `${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'secret123' }),
        },
      );
      expect(response.status).toBe(200);
      await emulator.stop();

      expect(fs.statSync(exportDir).mode & 0o777).toBe(0o700);
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const child = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            expect(fs.statSync(child).mode & 0o777, child).toBe(0o700);
            walk(child);
          } else {
            files.push(child);
            expect(fs.statSync(child).mode & 0o777, child).toBe(0o600);
          }
        }
      };
      walk(exportDir);
      const accounts = files.find((file) => file.endsWith('accounts.json'));
      expect(accounts && fs.readFileSync(accounts, 'utf8')).toContain(email.toLowerCase());
    } finally {
      await emulator.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
