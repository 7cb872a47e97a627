import { createHash } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { type Config, instanceSettings } from '../config/env';
import { AppError } from '../errors/app-error';
import { firebaseConfigScriptBody } from './web';

/** The request headers the web app sends and the response headers it reads (for CORS). */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'x-timezone', 'x-request-id'];
const EXPOSED_HEADERS = ['x-request-id', 'retry-after'];

/** Google's endpoints the Firebase Auth SDK talks to in production (sign-in, token refresh, popup). */
const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
const FIREBASE_SCRIPTS = ['https://apis.google.com', 'https://www.gstatic.com'];

/**
 * The Content-Security-Policy of every answer: only our own files run, plus the one inline script
 * that sets window.FIREBASE_CONFIG, allowed by its hash (its text is fixed for the process).
 * Firebase reaches Google's identity services in production; in local mode it reaches the Auth
 * Emulator through this server ('self', plugins/local-mode.ts) and frames nothing.
 * Styles allow 'unsafe-inline': the toast library writes a <style> element at run time.
 * Scripts allow 'wasm-unsafe-eval' (compiling WebAssembly, for the camera counter's pose model).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const web = config.firebaseWebConfig;
  const configHash = createHash('sha256')
    .update(firebaseConfigScriptBody(web, instanceSettings(config)))
    .digest('base64');
  const production = config.mode === 'production';
  const authDomain = typeof web.authDomain === 'string' ? `https://${web.authDomain}` : null;

  const frames = production ? [authDomain, 'https://accounts.google.com'] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval': the camera counter's pose model runs on TensorFlow.js's WebAssembly kernels,
    // which our own .wasm files compile; it allows compiling WebAssembly only, not eval() of text.
    'script-src': [
      "'self'",
      `'sha256-${configHash}'`,
      "'wasm-unsafe-eval'",
      ...(production ? FIREBASE_SCRIPTS : []),
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(production ? FIREBASE_CONNECT : [])],
    'frame-src': frames.filter((origin): origin is string => origin !== null),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (directives['frame-src']?.length === 0) directives['frame-src'] = ["'none'"];
  // Local mode is plain HTTP on loopback; upgrading its requests to HTTPS would break it.
  if (production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The policy of the API docs: Swagger UI's own (its inline scripts by hash), plus inline styles it
 * sets at run time, and without the HTTPS upgrade in local mode.
 */
export function docsContentSecurityPolicy(swaggerPolicy: string, config: Config): string {
  const policy = swaggerPolicy.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'");
  return config.mode === 'production' ? policy : policy.replace('upgrade-insecure-requests;', '');
}

/** Whether any string (or key) in a parsed part of a request holds U+0000; iterative, so depth is harmless. */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** Whether a path is the API's: under /api, except its documentation (Swagger UI's page and files). */
function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return /^\/api(\/|$)/.test(path) && !/^\/api\/docs(\/|$)/.test(path);
}

/**
 * Whether an answer must not be kept by any cache (the browser's or one on the way): every answer
 * of the API, success or refusal, with a token or without (they carry a user's entries, profile,
 * groups and emails; the public invite preview a group's name), and any other JSON answer. An answer
 * that chose its own Cache-Control keeps it: the web app's files (hashed assets for a year, the rest
 * revalidated) and the docs' files.
 */
function mustNotBeStored(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.hasHeader('cache-control') || reply.raw.hasHeader('cache-control')) return false;
  if (isApiPath(request.url)) return true;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * HTTP hardening for every response (docs/security.md): helmet's headers with our CSP, frames refused,
 * no answer of the API stored by a cache (`Cache-Control: no-store`),
 * CORS closed to other origins unless CORS_ORIGINS names them, request bodies in JSON only, and
 * no NUL character in any path value, query or body.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // helmet's middleware is built once, its policy written once; @fastify/helmet built it again for
  // every answer (decision 026).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Firebase's sign-in popup reports back to this window, which same-origin would forbid.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    // HSTS only where the app is served over HTTPS; local mode runs on plain HTTP.
    strictTransportSecurity: config.mode === 'production',
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  // Every route's answer passes here, errors and not-found ones too: a new route cannot forget it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (mustNotBeStored(request, reply)) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(fastifyCors, {
    // false: no CORS headers at all, so a browser on another origin can read nothing.
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  // Fastify also parses text/plain by default; the API takes JSON only, anything else is a 415.
  app.removeContentTypeParser('text/plain');

  // PostgreSQL refuses U+0000 in text (the query failed: a 500) where SQLite stores it; no field of
  // the API needs it, so a path value, query or body that holds one is a 400 on both engines.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError('VALIDATION_ERROR', 'Text must not contain the NUL character');
    }
  });
}
