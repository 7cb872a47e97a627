import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceWorkerForConfig } from '../src/plugins/web';
import { createTestServer, type TestServer, tempDir } from './helpers';

const APP_JS = 'console.log("push-ups");\n'.repeat(100);
/** The shape of the built worker's precache list (vite-plugin-pwa, injectManifest). */
const SERVICE_WORKER = `precacheAndRoute([{"revision":"ddd7022faab28bed143c31a27585ada3","url":"index.html"},{"revision":"f97084af32fdfff22270e42e11091800","url":"favicon.svg"}]);`;
const INDEX = `<!doctype html><html><head><title>Pushup Tracker</title><!--FIREBASE_CONFIG--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`;

describe('web app serving', () => {
  let server: TestServer;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = tempDir('web');
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.mkdirSync(path.join(webRoot, 'config'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    // As the build writes them (apps/web/scripts/precompress.ts): the file, its .br and its .gz.
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
    fs.writeFileSync(path.join(webRoot, 'config', 'particles.json'), '{"particles":{}}');
    fs.writeFileSync(path.join(webRoot, 'sw.js'), SERVICE_WORKER);
    fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Pushup Tracker"}');
    // The camera counter's pose model and WebAssembly, in folders named for their package's version.
    fs.mkdirSync(path.join(webRoot, 'models', 'pose', 'tfjs-backend-wasm-4.22.0'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'models', 'pose', 'tfjs-backend-wasm-4.22.0', 'tfjs-backend-wasm-simd.wasm'),
      Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
    );
    server = await createTestServer('sqlite', { webRoot });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  function firebaseConfigOf(html: string): unknown {
    const match = /<script>window\.FIREBASE_CONFIG = (.*?);window\.INSTANCE_SETTINGS = /.exec(html);
    if (!match?.[1]) throw new Error('no FIREBASE_CONFIG script');
    return JSON.parse(match[1]);
  }

  it('writes window.FIREBASE_CONFIG into index.html before the app script', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain('<!--FIREBASE_CONFIG-->');
    expect(firebaseConfigOf(response.body)).toEqual({
      apiKey: 'demo-api-key',
      authDomain: '127.0.0.1',
      projectId: 'demo-pushup-tracker',
      authEmulatorUrl: '/',
    });
    expect(response.body.indexOf('window.FIREBASE_CONFIG')).toBeLessThan(
      response.body.indexOf('/assets/app'),
    );
  });

  it("writes the instance's settings (invite-only, the operator's details) next to it", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const match = /window\.INSTANCE_SETTINGS = (.*?);<\/script>/.exec(response.body);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual({
      inviteOnly: true,
      operator: { name: null, address: [], email: null, phone: null, responsiblePerson: null },
    });
  });

  it('falls back to the injected index.html for client routes', async () => {
    for (const url of ['/login', '/profile', '/log-history', '/groups/abc/join', '/index.html']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('window.FIREBASE_CONFIG = {');
    }
  });

  it('serves hashed assets with a long cache and the particle configuration', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const particles = await server.app.inject({ method: 'GET', url: '/config/particles.json' });
    expect(particles.statusCode).toBe(200);
    expect(particles.json()).toEqual({ particles: {} });
  });

  it("serves the pose model's files, named for their version, with a long cache and WebAssembly as such", async () => {
    const wasm = await server.app.inject({
      method: 'GET',
      url: '/models/pose/tfjs-backend-wasm-4.22.0/tfjs-backend-wasm-simd.wasm',
    });
    expect(wasm.statusCode).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Outside models/pose/ an unhashed file is revalidated, as before.
    const particles = await server.app.inject({ method: 'GET', url: '/config/particles.json' });
    expect(particles.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed brotli or gzip file to a browser that accepts it', async () => {
    const url = '/assets/app-abc123.js';
    const br = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gzip = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const plain = await server.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('sends the original of a file the build did not compress, whatever the browser accepts', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/config/particles.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ particles: {} });
  });

  it('serves the service worker uncached, its index.html revision tied to the Firebase config', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(
      /\{"revision":"ddd7022faab28bed143c31a27585ada3-[0-9a-f]{12}","url":"index\.html"\}/,
    );
    expect(response.body).toContain('{"revision":"f97084af32fdfff22270e42e11091800","url":"favicon.svg"}');

    // Another config (another emulator port, say) is another index.html, so another worker.
    const a = serviceWorkerForConfig(SERVICE_WORKER, { projectId: 'a' });
    expect(serviceWorkerForConfig(SERVICE_WORKER, { projectId: 'a' })).toBe(a);
    expect(serviceWorkerForConfig(SERVICE_WORKER, { projectId: 'b' })).not.toBe(a);
  });

  it('serves the web app manifest as a manifest', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown /api paths JSON 404s even for a browser', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('web app not built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite', { webRoot: path.join(tempDir('nodist'), 'dist') });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 with a page that says to run npm run build, and the API still works', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const route = await server.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { accept: 'text/html' },
    });
    expect(route.statusCode).toBe(503);
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('firebase config injection', () => {
  it("escapes < in the operator's details too, which the operator writes freely", async () => {
    const { injectFirebaseConfig } = await import('../src/plugins/web');
    const html = injectFirebaseConfig(
      '<head><!--FIREBASE_CONFIG--></head>',
      { apiKey: 'k' },
      {
        inviteOnly: false,
        operator: { name: '</script><b>', address: [], email: null, phone: null, responsiblePerson: null },
      },
    );
    expect(html).not.toContain('</script><b>');
    expect(html).toContain(
      'window.INSTANCE_SETTINGS = {"inviteOnly":false,"operator":{"name":"\\u003c/script>',
    );
  });

  it('escapes < so a value cannot close the script tag', async () => {
    const { injectFirebaseConfig } = await import('../src/plugins/web');
    const html = injectFirebaseConfig('<head><!--FIREBASE_CONFIG--></head>', { apiKey: '</script><b>' });
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script>\\u003cb>');
  });
});
