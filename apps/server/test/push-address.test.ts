/**
 * Where the server's pushes may go (docs/security.md, "Reminders (Web Push)"): a device's endpoint is
 * a URL its client chooses, and the server connects to it. Only public push services' addresses are
 * taken, on subscribing and again before every send (DNS can change), and the send connects to the
 * address that was checked. DNS is outside our system: the resolver here is a table the test writes
 * (given to the functions, and in place of node:dns/promises for the server in production mode).
 */
import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { MESSAGES, type ReminderSettings } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../src/app';
import { createFirebaseIdentity } from '../src/auth/identity';
import {
  checkedPushAddress,
  isPublicAddress,
  type PushAddressPolicy,
  pushDestination,
} from '../src/services/reminders/push-address';
import { createWebPushSender } from '../src/services/reminders/push-sender';
import { expectError } from './groups-helpers';
import {
  bearer,
  createTestServer,
  emulatorHost,
  PROJECT_ID,
  registeredAccount,
  ruleEngines,
  type TestAccount,
  type TestServer,
} from './helpers';
import { startPushService } from './push-service';
import { body, type Method } from './reminders-helpers';

/** What the production app's resolver answers (buildApp's resolveHost): a name's addresses, or none (ENOTFOUND). */
const dnsTable = new Map<string, string[]>();
const dnsAsked: string[] = [];
const resolveFromTable = async (hostname: string): Promise<LookupAddress[]> => {
  dnsAsked.push(hostname);
  const addresses = dnsTable.get(hostname.toLowerCase());
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** A resolver that answers from `table` and counts the questions. */
function tableResolver(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

const GOOGLE_V4 = '142.250.185.74';
const GOOGLE_V6 = '2a00:1450:4001:82b::200a';
const KEYS = {
  p256dh: 'BNSZkF3gcqzSRuOItsd1mW_kq89Ctcn0PR_jmw4eCIyzWL-DeAVXC8meklT2tHpTT7L4MaU6ddu1z3LnluESsW8',
  auth: 'IjN9uRx_lOE2qIhnQZO61g',
};

describe('a public address', () => {
  it.each([
    ['0.0.0.0', 'this network, unspecified'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.7', 'private 10/8'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['100.127.255.254', 'shared address space (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.1', 'loopback'],
    ['169.254.169.254', 'link-local: the cloud metadata service'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation (TEST-NET-1)'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata service'],
    ['::ffff:10.0.0.7', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::ffff:0:a00:7', 'IPv4-translated'],
    ['64:ff9b::a00:7', 'NAT64 of a private address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata service'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'segment routing'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['fd00:ec2::254', 'the AWS metadata service over IPv6'],
    ['not an address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    [GOOGLE_V4],
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['100.63.255.255'],
    ['100.128.0.1'],
    ['172.15.255.255'],
    ['172.32.0.1'],
    ['192.0.3.1'],
    ['192.169.0.1'],
    ['198.20.0.1'],
    ['223.255.255.254'],
    [GOOGLE_V6],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
  ])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('a push endpoint in production', () => {
  const { resolve, asked } = tableResolver({
    'fcm.googleapis.com': [GOOGLE_V4, GOOGLE_V6],
    'updates.push.services.mozilla.com': ['34.107.221.82'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    '10.0.0.7.nip.io': ['10.0.0.7'],
    'app.169.254.169.254.nip.io': ['169.254.169.254'],
    'localtest.me': ['127.0.0.1', '::1'],
    'half.example.net': [GOOGLE_V4, '10.1.2.3'],
    'mapped.example.net': ['::ffff:169.254.169.254'],
    'empty.example.net': [],
  });
  const policy: PushAddressPolicy = { local: false, resolve };

  it('goes to a public push service on 443: the first address it resolves to', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://FCM.googleapis.com./fcm/send/abc',
    ]) {
      expect(await pushDestination(endpoint, policy), endpoint).toEqual({
        ok: true,
        address: GOOGLE_V4,
        family: 4,
      });
    }
    expect(await pushDestination('https://updates.push.services.mozilla.com/wpush/v2/x', policy)).toEqual({
      ok: true,
      address: '34.107.221.82',
      family: 4,
    });
  });

  it('refuses, by the URL alone, plain http, other ports, addresses, credentials and internal names', async () => {
    asked.length = 0;
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com:80/fcm/send/abc',
      'https://fcm.googleapis.com:22/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://8.8.8.8/send/abc',
      `https://[${GOOGLE_V6}]/send/abc`,
      'https://127.0.0.1/send/abc',
      'https://2130706433/send/abc',
      'https://0x7f.1/send/abc',
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://METADATA.google.internal./computeMetadata/v1/',
      'https://metadata/computeMetadata/v1',
      'https://localhost/send/abc',
      'https://api.localhost/send/abc',
      'https://printer.local/send/abc',
      'https://router.home.arpa/send/abc',
      'https://1.0.0.127.in-addr.arpa/send/abc',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(await pushDestination(endpoint, policy), endpoint).toEqual({ ok: false, reason: 'endpoint' });
    }
    // None of them was looked up.
    expect(asked).toEqual([]);
  });

  it('refuses a name with any address that is not public: *.nip.io, localtest.me, a mix, a mapped one', async () => {
    for (const endpoint of [
      'https://127.0.0.1.nip.io/send/abc',
      'https://10.0.0.7.nip.io/send/abc',
      'https://app.169.254.169.254.nip.io/latest/meta-data',
      'https://localtest.me/send/abc',
      'https://half.example.net/send/abc',
      'https://mapped.example.net/send/abc',
    ]) {
      expect(await pushDestination(endpoint, policy), endpoint).toEqual({ ok: false, reason: 'address' });
    }
  });

  it('tells a name that does not resolve apart (no address to go to)', async () => {
    for (const endpoint of ['https://nowhere.example.net/send/abc', 'https://empty.example.net/send/abc']) {
      expect(await pushDestination(endpoint, policy), endpoint).toEqual({ ok: false, reason: 'unresolved' });
    }
  });

  it('on subscribing: 400 for an endpoint or address refused; a name that does not resolve yet is kept', async () => {
    for (const endpoint of [
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1.nip.io/send/abc',
      'https://localtest.me/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
    ]) {
      await expect(checkedPushAddress({ endpoint, keys: KEYS }, policy), endpoint).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.pushSubscriptionInvalid,
      });
    }
    // Checked again before every send, which it will not get until it resolves to public addresses only.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://nowhere.example.net/send/abc',
    ]) {
      expect(await checkedPushAddress({ endpoint, keys: KEYS }, policy)).toEqual({ endpoint, ...KEYS });
    }
  });
});

describe('a push endpoint in local mode', () => {
  const { resolve } = tableResolver({
    localhost: ['127.0.0.1', '::1'],
    'fcm.googleapis.com': [GOOGLE_V4],
    'metadata.google.internal': ['169.254.169.254'],
    'lan.example.net': ['192.168.1.20'],
  });
  const policy: PushAddressPolicy = { local: true, resolve };

  it('also takes a push service on this machine: http, any port, loopback', async () => {
    expect(await pushDestination('http://127.0.0.1:4000/notify/abc', policy)).toEqual({
      ok: true,
      address: '127.0.0.1',
      family: 4,
    });
    expect(await pushDestination('http://localhost:4000/notify/abc', policy)).toEqual({
      ok: true,
      address: '127.0.0.1',
      family: 4,
    });
    expect(await pushDestination('https://[::1]:8443/notify/abc', policy)).toEqual({
      ok: true,
      address: '::1',
      family: 6,
    });
    expect(await pushDestination('https://fcm.googleapis.com/fcm/send/abc', policy)).toMatchObject({
      ok: true,
    });
  });

  it('still refuses the machines next to it: private, link-local, the metadata service', async () => {
    // An address other than this machine's is refused as written; a name, once resolved.
    for (const endpoint of [
      'http://10.0.0.7/send/abc',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/send/abc',
      'http://metadata.google.internal/computeMetadata/v1/',
    ]) {
      expect(await pushDestination(endpoint, policy), endpoint).toEqual({ ok: false, reason: 'endpoint' });
    }
    expect(await pushDestination('http://lan.example.net/send/abc', policy)).toEqual({
      ok: false,
      reason: 'address',
    });
  });
});

describe('the push sender', () => {
  it('connects to the address it checked, never resolving again, and checks again before the next send', async () => {
    const push = await startPushService();
    try {
      const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };
      const subscription = await push.subscribe(vapid.publicKey);
      // The push service under a name only the test's resolver knows (the system's cannot resolve it):
      // loopback first, then, as if its DNS were rebound, the metadata service.
      const port = new URL(push.url).port;
      const answers = [['127.0.0.1'], ['169.254.169.254']];
      const asked: string[] = [];
      const resolve = async (hostname: string): Promise<LookupAddress[]> => {
        asked.push(hostname);
        const address = (answers.shift() ?? ['169.254.169.254'])[0] as string;
        return [{ address, family: 4 }];
      };
      const sender = createWebPushSender({
        vapid,
        ttlSeconds: 60,
        topic: 'test',
        timeoutMs: 5_000,
        addresses: { local: true, resolve },
      });
      const target = {
        endpoint: subscription.endpoint.replace(`127.0.0.1:${port}`, `push.pinned.example.net:${port}`),
        ...subscription.keys,
      };
      expect(await sender.send(target, 'first')).toEqual({ ok: true, status: 201 });
      expect(asked).toEqual(['push.pinned.example.net']);
      expect(await push.received(subscription)).toEqual(['first']);

      expect(await sender.send(target, 'second')).toEqual({
        ok: false,
        gone: false,
        status: null,
        reason: 'the endpoint resolves to an address that is not public',
      });
      expect(asked).toHaveLength(2);
      expect(await push.received(subscription)).toEqual(['first']);
    } finally {
      await push.close();
    }
  });
});

describe.each(ruleEngines)('the reminder calls in production mode on %s', (engine) => {
  let server: TestServer;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await createTestServer(engine);
    app = await buildApp({
      config: {
        ...server.config,
        mode: 'production' as const,
        allowHttpPushEndpoints: false,
        logLevel: 'info',
        vapid: {
          publicKey:
            'BJ29JUergBwvVxuyYYfDXL6xcohz0v7ghGjT5Wbloghy-BtJSdlQZZRgtj__NknAIL1v1OUptuBk7s84vB9JNwE',
          privateKey: 'bcOTN0BGsmU8XWqEygCoYpJsYjA8U-YTaFrGZv__2Vo',
          subject: 'mailto:ops@example.com',
        },
      },
      db: server.db.handle,
      identity: createFirebaseIdentity({
        projectId: PROJECT_ID,
        emulatorHost: emulatorHost(),
        revocationCacheMs: 0,
      }),
      webRoot: null,
      logStream: { write: (line: string) => void lines.push(line) },
      resolveHost: resolveFromTable,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  const inject = (who: TestAccount, method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(who), 'x-timezone': 'UTC' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const device = (endpoint: string) => ({ endpoint, keys: KEYS });

  it('refuses internal names, names that resolve inside, addresses and odd ports; takes a public push service', async () => {
    const { account } = await registeredAccount(server);
    dnsTable.set('fcm.googleapis.com', [GOOGLE_V4, GOOGLE_V6]);
    dnsTable.set('127.0.0.1.nip.io', ['127.0.0.1']);
    dnsTable.set('169.254.169.254.nip.io', ['169.254.169.254']);
    dnsTable.set('localtest.me', ['127.0.0.1', '::1']);
    dnsTable.set('metadata.google.internal', ['169.254.169.254']);
    for (const endpoint of [
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1.nip.io/send/abc',
      'https://169.254.169.254.nip.io/latest/meta-data',
      'https://localtest.me/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com:22/fcm/send/abc',
    ]) {
      expectError(
        await inject(account, 'POST', '/api/reminders/devices', device(endpoint)),
        400,
        'VALIDATION_ERROR',
        MESSAGES.pushSubscriptionInvalid,
      );
    }
    expect(body<ReminderSettings>(await inject(account, 'GET', '/api/reminders'), 200).devices).toBe(0);
    const taken = await inject(
      account,
      'POST',
      '/api/reminders/devices',
      device('https://fcm.googleapis.com/fcm/send/a'),
    );
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('checks the address again before the test send: rebound inside, nothing is sent, the answer is the same', async () => {
    const { account } = await registeredAccount(server);
    const name = `rebind-${randomBytes(4).toString('hex')}.example.net`;
    dnsTable.set(name, [GOOGLE_V4]);
    const registered = await inject(
      account,
      'POST',
      '/api/reminders/devices',
      device(`https://${name}/send/a`),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    dnsTable.set(name, ['10.0.0.7']);
    dnsAsked.length = 0;
    const sent = await inject(account, 'POST', '/api/reminders/test');
    expect([sent.statusCode, sent.body]).toEqual([204, '']);
    await expect
      .poll(() =>
        lines.filter((line) => line.includes('reminder: push failed') && line.includes('not public')),
      )
      .toHaveLength(1);
    expect(dnsAsked).toEqual([name]);
    // Not a push service's refusal: the device stays, and is checked again the next time.
    expect(body<ReminderSettings>(await inject(account, 'GET', '/api/reminders'), 200).devices).toBe(1);
  });
});
