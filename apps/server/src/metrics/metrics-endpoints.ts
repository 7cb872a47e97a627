import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics';

/** The route label of a request no route matched (a 404): never its URL, which a client chooses. */
const UNMATCHED = 'unmatched';

interface MetricsExposure {
  /** METRICS_TOKEN: /metrics on the main port for this bearer token. */
  token: string | undefined;
  /** METRICS_PORT: /metrics on 127.0.0.1 at this port. */
  port: number | undefined;
}

/** Whether the Authorization header is exactly `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * /metrics (docs/operations.md, "Metrics"): on the main port only for the bearer METRICS_TOKEN
 * (anyone else, and everyone when it is unset, gets the 404 of an unknown address), and on the
 * loopback port METRICS_PORT for whoever runs the machine. With either, every answered request is
 * counted by its route's pattern and timed, and Node's own metrics are collected.
 */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  exposure: MetricsExposure,
): Promise<void> {
  const { token, port } = exposure;
  if (token !== undefined || port !== undefined) {
    metrics.collectProcessMetrics();
    app.addHook('onResponse', async (request, reply) => {
      metrics.request(
        request.method,
        request.routeOptions.url ?? UNMATCHED,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token === undefined || !bearerMatches(request.headers.authorization, token)) {
      // The answer of an address that does not exist (plugins/web.ts), not the app's page: nothing
      // tells a caller without the token that metrics are here.
      return reply.code(404).send({ message: 'Resource not found', code: 'NOT_FOUND' });
    }
    const { text, contentType } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });

  if (port !== undefined) {
    const server = loopbackServer(metrics);
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host: '127.0.0.1' }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const bound = server.address() as AddressInfo;
      app.log.info({ port: bound.port }, 'metrics on http://127.0.0.1/metrics');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    app.decorate('metricsServer', server);
  }
}

/** The METRICS_PORT listener: GET /metrics, and 404 for anything else. */
function loopbackServer(metrics: AppMetrics): http.Server {
  return http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.exposition().then(
      ({ text, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT listener, when METRICS_PORT is set (tests read its address). */
    metricsServer?: http.Server;
  }
}
