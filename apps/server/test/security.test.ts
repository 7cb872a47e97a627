import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PushupEntry } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { contentSecurityPolicy } from '../src/plugins/security';
import { registeredRoutes } from './app-routes';
import { groupsHarness, type Reply } from './groups-helpers';
import {
  bearer,
  createTestServer,
  registeredAccount,
  type TestAccount,
  type TestServer,
  tempDir,
} from './helpers';

const INDEX = `<!doctype html><html><head><title>Pushup Tracker</title><!--FIREBASE_CONFIG--><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values] as const;
      }),
  );
}

describe('HTTP hardening', () => {
  let server: TestServer;
  let webRoot: string;
  let account: TestAccount;

  beforeAll(async () => {
    webRoot = tempDir('security-web');
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1);\n');
    server = await createTestServer('sqlite', { webRoot });
    ({ account } = await registeredAccount(server));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('allows exactly the inline config script of index.html, by the hash of its text, and no other inline script', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const inline = /<script>(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(inline).toContain('window.FIREBASE_CONFIG');
    const hash = createHash('sha256')
      .update(inline ?? '')
      .digest('base64');

    const csp = directivesOf(page.headers['content-security-policy']);
    // 'wasm-unsafe-eval' compiles WebAssembly only (the camera counter's pose model), never text.
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`, "'wasm-unsafe-eval'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Local mode: the browser reaches the Auth Emulator through this origin, and nothing is upgraded to HTTPS.
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends nosniff, frame refusal and a popup-friendly opener policy on pages and API answers alike', async () => {
    for (const url of ['/', '/assets/app.js', '/api/health', '/api/users/profile']) {
      const response = await server.app.inject({ method: 'GET', url, headers: bearer(account) });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      // Local mode is plain HTTP: no HSTS.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives the API docs their own policy, so Swagger UI runs without widening the app’s', async () => {
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = directivesOf(docs.headers['content-security-policy']);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('in production, allows Google’s sign-in endpoints and upgrades requests to HTTPS', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'pushup-prod',
      FIREBASE_WEB_CONFIG: JSON.stringify({ apiKey: 'key', authDomain: 'pushup-prod.firebaseapp.com' }),
    });
    const csp = contentSecurityPolicy(config);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    ]);
    expect(csp['frame-src']).toEqual(['https://pushup-prod.firebaseapp.com', 'https://accounts.google.com']);
    expect(csp['script-src']?.filter((source) => source.includes('unsafe'))).toEqual(["'wasm-unsafe-eval'"]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  describe('caching', () => {
    const h = groupsHarness(() => server);
    const isJson = (response: Reply) =>
      String(response.headers['content-type']).startsWith('application/json');
    /** The API's answers: everything under /api but its documentation (Swagger UI's files). */
    const isApi = (path: string) => /^\/api(\/|$)/.test(path) && !/^\/api\/docs(\/|$)/.test(path);

    it('says Cache-Control: no-store on every answer of every API route, signed in or not, and keeps the web files’ caching', async () => {
      // Real targets, so that reads with a path value answer with data (and personal data) too.
      const [admin, member] = await h.people(2);
      const group = await h.groupWith(admin, [member]);
      const invite = await h.createInvite(admin, group.id);
      const entry = h.body<PushupEntry>(await h.call(admin, 'POST', '/api/pushups', { count: 5 }), 201);
      const values: Record<string, string> = {
        uuid: entry.uuid,
        id: group.id,
        groupId: group.id,
        userId: member.uuid,
        code: invite.code,
        inviteId: invite.inviteId,
      };
      const urlOf = (path: string) =>
        path
          .replace(/:(\w+)/g, (_, name: string) => values[name] ?? randomUUID())
          .replace(/\*$/, path.startsWith('/api/docs') ? 'static/index.css' : 'assets/app.js');

      // Every route the router holds; the deletes last, the caller's own account the very last.
      const rank = (route: string) =>
        route === 'DELETE /api/users/me' ? 2 : route.startsWith('DELETE ') ? 1 : 0;
      const routes = registeredRoutes(server.app).sort((a, b) => rank(a) - rank(b));
      expect(routes.length).toBeGreaterThan(55);
      const succeeded = new Set<string>();
      for (const route of routes) {
        const [method = '', path = ''] = route.split(' ');
        const url = urlOf(path);
        for (const who of [admin, null]) {
          const response = await server.app.inject({
            method: method as 'GET',
            url,
            headers: { ...(who ? bearer(who.account) : {}), 'x-timezone': 'UTC' },
            ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
          });
          const what = `${route} (${who ? 'signed in' : 'no token'}) answered ${response.statusCode}`;
          if (response.headers['content-type'] === 'image/png') {
            // A share picture: the user's own only in their browser, a public profile's in any cache,
            // both asked for again each time through their ETag (docs/security.md, "HTTP headers and bodies").
            expect(response.headers['cache-control'], what).toBe(
              path === '/api/share-cards/users/:username' ? 'public, no-cache' : 'private, no-cache',
            );
            succeeded.add(route);
          } else if (isApi(path) || isJson(response)) {
            expect(response.headers['cache-control'], what).toBe('no-store');
            if (response.statusCode < 300) succeeded.add(route);
          } else {
            // The web app's files and the docs' keep their own caching.
            expect(response.headers['cache-control'], what).not.toBe('no-store');
          }
        }
      }
      // The walk reached the answers that carry data, not only refusals.
      for (const route of [
        'GET /api/users/profile',
        'GET /api/pushups',
        'GET /api/pushups/leaderboard',
        'GET /api/groups/public/:id',
        'GET /api/groups/:id/stats',
        'GET /api/groups/:id/members',
        'GET /api/groups/invites/:code/preview',
        'GET /api/groups/public/:id/preview',
        'GET /api/pushups/export',
        'DELETE /api/pushups/:uuid',
      ]) {
        expect(succeeded, route).toContain(route);
      }
    });

    it('keeps every kind of answer out of caches: a new entry, an edit, a delete, a serialized read, a download', async () => {
      const person = await h.person();
      const answers = [
        await h.call(person, 'POST', '/api/pushups', { count: 3 }),
        await h.call(person, 'GET', '/api/pushups/daily'),
        await h.call(person, 'GET', '/api/pushups/leaderboard'),
        await h.call(person, 'GET', '/api/users/me/export'),
      ];
      const entry = answers[0]?.json<PushupEntry>();
      answers.push(
        await h.call(person, 'PATCH', `/api/pushups/${entry?.uuid}`, { count: 4 }),
        await h.call(person, 'DELETE', `/api/pushups/${entry?.uuid}`),
        await h.call(person, 'GET', '/api/pushups/nothing/here'),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 200, 200, 200, 204, 404]);
      for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');

      // The web app's files: hashed assets for a year, the page and the rest revalidated.
      const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('request bodies', () => {
    async function entries(): Promise<number> {
      const list = await server.app.inject({ method: 'GET', url: '/api/pushups', headers: bearer(account) });
      return list.json<PushupEntry[]>().length;
    }

    it('takes JSON only: any other content type is a 415 that says so, and nothing is written', async () => {
      const before = await entries();
      for (const [type, payload] of [
        ['text/plain', '{"count": 5}'],
        ['application/x-www-form-urlencoded', 'count=5'],
        ['multipart/form-data; boundary=x', '--x\r\n\r\n5\r\n--x--'],
      ] as const) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/pushups',
          headers: { ...bearer(account), 'content-type': type },
          payload,
        });
        expect(response.statusCode, type).toBe(415);
        expect(response.json(), type).toEqual({
          message: 'Request body must be JSON (Content-Type: application/json)',
          code: 'BAD_REQUEST',
        });
      }
      expect(await entries()).toBe(before);
    });

    it('refuses a body over 64 KB with a 413, writing nothing', async () => {
      const before = await entries();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/pushups',
        headers: { ...bearer(account), 'content-type': 'application/json' },
        payload: JSON.stringify({ count: 5, padding: 'x'.repeat(70 * 1024) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large', code: 'BAD_REQUEST' });
      expect(await entries()).toBe(before);
    });
  });

  describe('CORS', () => {
    const preflight = (app: TestServer['app'], origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/pushups',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });

    it('is closed to other origins by default: no preflight answer, no allow-origin on answers', async () => {
      const answer = await preflight(server.app, 'https://evil.example');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.statusCode).toBe(404);
      const read = await server.app.inject({
        method: 'GET',
        url: '/api/pushups',
        headers: { ...bearer(account), origin: 'https://evil.example' },
      });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('opens to exactly the origins CORS_ORIGINS names', async () => {
      const open = await createTestServer('sqlite', { corsOrigins: ['https://app.example.com'] });
      try {
        const allowed = await preflight(open.app, 'https://app.example.com');
        expect(allowed.statusCode).toBe(204);
        expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
        expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
        expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-timezone');
        const other = await preflight(open.app, 'https://evil.example');
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await open.close();
      }
    });
  });
});
