/**
 * A real Web Push service on loopback for the reminder tests: the web-push-testing package's
 * server (subscriptions, VAPID checks, aes128gcm decryption of what it receives), started in this
 * process on a port the system picks, so no port is ever guessed.
 */

import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

interface PushApiModel {
  notifyUrl: string;
}
interface TestingServer {
  _server: Server;
  startServer(): void;
}
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushApiModel,
  port: number,
) => TestingServer;
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => PushApiModel;
};

export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The push service's own name for it (to read what it received, or to expire it). */
  clientHash: string;
}

export interface PushService {
  url: string;
  /** A browser's subscription to pushes signed with this VAPID public key. */
  subscribe(applicationServerKey: string): Promise<Subscription>;
  /** The payloads this subscription received, decrypted, oldest first. */
  received(subscription: Subscription): Promise<string[]>;
  /** From now on the service answers 410 Gone for this subscription (the user unsubscribed). */
  expire(subscription: Subscription): Promise<void>;
  close(): Promise<void>;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  // Some answers are JSON, some plain text ('OK').
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T;
}

export async function startPushService(): Promise<PushService> {
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, 0);
  // It announces itself on the console; the tests' output stays quiet.
  const log = console.log;
  console.log = () => undefined;
  try {
    server.startServer();
    if (!server._server.listening) {
      await new Promise<void>((resolve) => server._server.once('listening', () => resolve()));
    }
  } finally {
    console.log = log;
  }
  const { port } = server._server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // It named its endpoints after the port it was given (0); the one it got is this.
  model.notifyUrl = `${url}/notify/`;
  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = await post<{ data: Subscription }>(`${url}/subscribe`, {
        userVisibleOnly: 'true',
        applicationServerKey,
      });
      return data;
    },
    async received(subscription) {
      const { data } = await post<{ data: { messages: string[] } }>(`${url}/get-notifications`, {
        clientHash: subscription.clientHash,
      });
      return data.messages;
    },
    async expire(subscription) {
      await post(`${url}/expire-subscription/${subscription.clientHash}`, {});
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server._server.closeAllConnections();
        server._server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** What POST /api/reminders/devices takes: the subscription as a browser's toJSON() gives it. */
export function deviceBody(subscription: Subscription) {
  return { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null };
}

/** A push service that answers every push with the status its path names, or never (`/hang`). */
export interface StubPushService {
  url: string;
  /** The paths it was sent pushes to, in order of arrival. */
  requests: string[];
  close(): Promise<void>;
}

export async function startStubPushService(): Promise<StubPushService> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    request.resume();
    const status = Number(/^\/(\d{3})\//.exec(request.url ?? '')?.[1]);
    // `/hang/...` (or anything else): never answered, as a push service that holds the connection.
    if (status) response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A loopback port nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
