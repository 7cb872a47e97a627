import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { InstanceSettings, PublicProfile } from '@pushup/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { injectLinkPreview, profileNameOf, profilePreview } from './link-previews';

export interface WebOptions {
  /** The built web app (apps/web/dist); null or missing: a 503 page asks for a build. */
  webRoot: string | null;
  firebaseWebConfig: Record<string, unknown>;
  /** Written next to it as window.INSTANCE_SETTINGS (invite-only, the operator's details). */
  instanceSettings?: InstanceSettings;
  /** A public profile by name, null when private or unknown: the link preview of /u/<username>. */
  publicProfile?: (username: string) => Promise<PublicProfile | null>;
}

const MARKER = '<!--FIREBASE_CONFIG-->';

/** A value as script text; `<` escaped so no value can close the tag. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The text of the script that sets window.FIREBASE_CONFIG (and, when given, window.INSTANCE_SETTINGS:
 * the operator's details can hold any text, so they are escaped the same way).
 */
export function firebaseConfigScriptBody(
  config: Record<string, unknown>,
  instance?: InstanceSettings,
): string {
  const firebase = `window.FIREBASE_CONFIG = ${scriptJson(config)};`;
  return instance ? `${firebase}window.INSTANCE_SETTINGS = ${scriptJson(instance)};` : firebase;
}

/** The inline script itself; the Content-Security-Policy allows it by the hash of its text. */
function firebaseConfigScript(config: Record<string, unknown>, instance?: InstanceSettings): string {
  return `<script>${firebaseConfigScriptBody(config, instance)}</script>`;
}

export function injectFirebaseConfig(
  html: string,
  config: Record<string, unknown>,
  instance?: InstanceSettings,
): string {
  const script = firebaseConfigScript(config, instance);
  if (html.includes(MARKER)) return html.replace(MARKER, () => script);
  // No marker: still before any app script (module scripts run after parsing anyway).
  return html.replace('</head>', () => `${script}</head>`);
}

/** The precache entry of index.html in the built service worker (vite-plugin-pwa writes it so). */
const INDEX_PRECACHE_ENTRY = /("revision":")([0-9a-f]+)(","url":"index\.html")/;

/**
 * The service worker as built, with the revision of its precached index.html made to depend on
 * the Firebase config this server writes into that page: the worker precaches the server's
 * index.html, so a new config (another emulator port, another project) must update the worker
 * even when the build is the same.
 */
export function serviceWorkerForConfig(
  script: string,
  config: Record<string, unknown>,
  instance?: InstanceSettings,
): string {
  const configHash = createHash('sha256')
    .update(firebaseConfigScriptBody(config, instance))
    .digest('hex')
    .slice(0, 12);
  return script.replace(INDEX_PRECACHE_ENTRY, (_match, start: string, revision: string, end: string) => {
    return `${start}${revision}-${configHash}${end}`;
  });
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pushup Tracker: web app not built</title></head>
<body><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> in the repository root, then restart the server (<code>npm start</code>).</p>
<p>The API is running: <a href="/api/health">/api/health</a>, <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

/** A browser navigation (accepts HTML), or a generic client asking for an extension-less path. */
function wantsHtml(request: FastifyRequest, url: string): boolean {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  return !path.extname(url) && (accept === '' || accept.includes('*/*'));
}

/** Whether a file of the build (a path relative to it) keeps its content for as long as its name. */
function neverChanges(relative: string): boolean {
  return relative.startsWith(`assets${path.sep}`) || relative.startsWith(`models${path.sep}pose${path.sep}`);
}

/** Serves the built SPA: static files, long cache for hashed assets, index.html with the config. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const root = options.webRoot;
  const indexPath = root ? path.join(root, 'index.html') : null;
  const built = indexPath !== null && fs.existsSync(indexPath);

  /** index.html's text for the page asked for: a public profile's gets its link preview. */
  const indexFor = async (html: string, request?: FastifyRequest): Promise<string> => {
    const name = request ? profileNameOf(request.url.split('?')[0] ?? '') : null;
    const profile = name && options.publicProfile ? await options.publicProfile(name) : null;
    if (!request || !profile) return html;
    return injectLinkPreview(html, profilePreview(profile, `${request.protocol}://${request.host}`));
  };

  const sendIndex = async (reply: FastifyReply, request?: FastifyRequest) => {
    if (!built || !indexPath) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    }
    // Read per request: a rebuild while the server runs is picked up; the file is small.
    const html = await indexFor(await fs.promises.readFile(indexPath, 'utf8'), request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectFirebaseConfig(html, options.firebaseWebConfig, options.instanceSettings));
  };

  if (built && root) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz files next to the text files (apps/web/scripts/precompress.ts):
      // a browser that accepts one gets it, compressed once at the highest level, not per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(root, filePath);
        // Vite puts content-hashed files under assets/, and the pose model's files are in folders named
        // for their package's version (models/pose/): they never change, so cache them for a year.
        res.setHeader(
          'cache-control',
          neverChanges(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The answer depends on accept-encoding, so a shared cache must not mix the variants.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const workerPath = root ? path.join(root, 'sw.js') : null;
  if (built && workerPath && fs.existsSync(workerPath)) {
    app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) => {
      const script = await fs.promises.readFile(workerPath, 'utf8');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(serviceWorkerForConfig(script, options.firebaseWebConfig, options.instanceSettings));
    });
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (!built) return sendIndex(reply);
      // SPA fallback: client-side routes get index.html; a missing asset stays a 404.
      if (wantsHtml(request, url)) return sendIndex(reply, request);
    }
    return reply.code(404).send({ message: 'Resource not found', code: 'NOT_FOUND' });
  });
}
