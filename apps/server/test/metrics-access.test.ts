/**
 * Who reaches /metrics (docs/operations.md, "Metrics"; docs/security.md, "Metrics"): on the main
 * port only the bearer of METRICS_TOKEN, everyone else the 404 of an unknown address; on
 * METRICS_PORT, a listener on loopback only. Nothing here depends on the database's engine.
 */
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../src/auth/emulator';
import { ConfigError, loadConfig } from '../src/config/env';
import { createTestServer, type TestServer } from './helpers';
import { parsePrometheusText } from './prometheus-text';

const TOKEN = 'a-metrics-token-of-forty-characters-0123';
const NOT_FOUND = { message: 'Resource not found', code: 'NOT_FOUND' };

const metricsWith = (server: TestServer, authorization?: string) =>
  server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('/metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is 404 on the main port, with or without a token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const response = await metricsWith(server, authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(server.app.metricsServer).toBeUndefined();
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('sqlite', { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is 404 without the token or with a wrong one, as an unknown address', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `bearer ${TOKEN}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await metricsWith(server, authorization);
      expect(response.statusCode, String(authorization)).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers the bearer of the token with the text Prometheus reads, never cached', async () => {
    const response = await metricsWith(server, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(parsePrometheusText(response.body).has('pushup_http_requests_total')).toBe(true);
  });
});

describe('/metrics with METRICS_PORT', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await createTestServer('sqlite', { env: { METRICS_PORT: String(port) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves /metrics on 127.0.0.1 at that port, and nothing else there', async () => {
    expect(server.app.metricsServer?.address()).toMatchObject({ address: '127.0.0.1', port });
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(parsePrometheusText(await response.text()).has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it("does not listen on the machine's other addresses", async () => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
      .map((address) => address?.address as string);
    for (const address of [...others, '::1']) expect(await connects(address, port), address).toBe(false);
    expect(await connects('127.0.0.1', port)).toBe(true);
  });

  it('keeps /metrics on the main port 404 without METRICS_TOKEN', async () => {
    expect((await metricsWith(server, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('stops listening when the app closes', async () => {
    const other = await freePort();
    const closing = await createTestServer('sqlite', { env: { METRICS_PORT: String(other) } });
    expect(await connects('127.0.0.1', other)).toBe(true);
    await closing.close();
    expect(await isPortFree(other)).toBe(true);
  });
});

describe('the metrics settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('are unset by default', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
  });

  it('refuse a short token, one with spaces, a bad port and the main port', () => {
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: must be at least 32/),
    ]);
    expect(problems({ METRICS_TOKEN: `${TOKEN} x` })).toEqual([expect.stringMatching(/^METRICS_TOKEN: /)]);
    expect(problems({ METRICS_PORT: '70000' })).toEqual(['METRICS_PORT: must be between 1 and 65535']);
    expect(problems({ PORT: '8080', METRICS_PORT: '8080' })).toEqual(['METRICS_PORT: must differ from PORT']);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })).toMatchObject({
      metricsPort: 9464,
      metricsToken: TOKEN,
    });
  });
});
