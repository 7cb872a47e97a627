import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { freePort, startAuthEmulator } from '../src/auth/emulator';
import { createFirebaseIdentity } from '../src/auth/identity';
import {
  bearer,
  createTestServer,
  emulatorHost,
  engines,
  invitedAccount,
  PROJECT_ID,
  type TestServer,
  tempDir,
  uniqueEmail,
} from './helpers';

/** What app.inject() sends by default, so this app's own pages are at http://localhost:80. */
const OWN_ORIGIN = 'http://localhost:80';
const SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';

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

describe.each(engines)('local mode on %s (decision 021)', (engine) => {
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
