/**
 * The VAPID keys that sign reminders' pushes (docs/security.md, "Reminders (Web Push)"): made at
 * the first start in local mode and kept in DATA_DIR; in production mode, taken from the settings,
 * and without them the reminders are unavailable; on SQLite, and PostgreSQL in the full tier
 * (docs/testing.md, "Engines").
 */
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES, type ReminderSettings } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createFirebaseIdentity } from '../src/auth/identity';
import { VAPID_KEY_FILE } from '../src/config/vapid-keys';
import { expectError } from './groups-helpers';
import {
  bearer,
  createTestDatabase,
  createTestServer,
  emulatorHost,
  PROJECT_ID,
  registeredAccount,
  ruleEngines,
  type TestAccount,
  type TestServer,
} from './helpers';
import { body, call, type Method, report } from './reminders-helpers';

describe('VAPID keys', () => {
  it('are made at the first start in local mode, kept in DATA_DIR (0600) and used again after a restart', async () => {
    const db = await createTestDatabase('sqlite');
    const servers: TestServer[] = [];
    try {
      const keyOf = async () => {
        const server = await createTestServer('sqlite', { db });
        servers.push(server);
        const { account } = await registeredAccount(server);
        return body<ReminderSettings>(await call(server, account, 'GET', '/api/reminders'), 200)
          .vapidPublicKey;
      };
      const before = await keyOf();
      const file = path.join(db.dataDir, VAPID_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(stored).toEqual({ publicKey: before, privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      await servers.pop()?.close();
      expect(await keyOf()).toBe(before);

      // Made private again when found readable by others; refused, naming the file, when broken.
      fs.chmodSync(file, 0o644);
      expect(await keyOf()).toBe(before);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      fs.writeFileSync(file, '{"publicKey": "abc"}');
      await expect(createTestServer('sqlite', { db })).rejects.toThrow(`${file} holds no VAPID publicKey`);
    } finally {
      for (const server of servers) await server.close();
      await db.drop();
    }
  });

  describe.each(ruleEngines)('in production mode on %s', (engine) => {
    let server: TestServer;
    let productionApp: Awaited<ReturnType<typeof buildApp>>;
    let withKeysApp: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      server = await createTestServer(engine);
      const identity = createFirebaseIdentity({
        projectId: PROJECT_ID,
        emulatorHost: emulatorHost(),
        revocationCacheMs: 0,
      });
      // Production settings on the test's emulator: no VAPID settings, then a complete set.
      const production = {
        ...server.config,
        mode: 'production' as const,
        vapid: undefined,
        allowHttpPushEndpoints: false,
      };
      productionApp = await buildApp({
        config: production,
        db: server.db.handle,
        identity,
        webRoot: null,
        logger: false,
      });
      const vapid = {
        publicKey: 'BJ29JUergBwvVxuyYYfDXL6xcohz0v7ghGjT5Wbloghy-BtJSdlQZZRgtj__NknAIL1v1OUptuBk7s84vB9JNwE',
        privateKey: 'bcOTN0BGsmU8XWqEygCoYpJsYjA8U-YTaFrGZv__2Vo',
        subject: 'mailto:ops@example.com',
      };
      withKeysApp = await buildApp({
        config: { ...production, vapid },
        db: server.db.handle,
        identity,
        webRoot: null,
        logger: false,
      });
      await Promise.all([productionApp.ready(), withKeysApp.ready()]);
    });
    afterAll(async () => {
      await productionApp?.close();
      await withKeysApp?.close();
      await server?.close();
    });

    const inject = (
      app: typeof productionApp,
      who: TestAccount,
      method: Method,
      url: string,
      payload?: unknown,
    ) =>
      app.inject({
        method,
        url,
        headers: { ...bearer(who), 'x-timezone': 'UTC' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const subscription = {
      endpoint: 'https://push.example.com/send/abc',
      keys: {
        p256dh: 'BNSZkF3gcqzSRuOItsd1mW_kq89Ctcn0PR_jmw4eCIyzWL-DeAVXC8meklT2tHpTT7L4MaU6ddu1z3LnluESsW8',
        auth: 'IjN9uRx_lOE2qIhnQZO61g',
      },
    };

    it('without keys: no public key, enabling and devices refused with 409, turning off still works', async () => {
      const { account } = await registeredAccount(server);
      const settings = body<ReminderSettings>(
        await inject(productionApp, account, 'GET', '/api/reminders'),
        200,
      );
      expect(settings.vapidPublicKey).toBeNull();
      for (const [method, url, payload] of [
        ['PUT', '/api/reminders', { enabled: true, time: '18:00', weekdays: [1] }],
        ['POST', '/api/reminders/devices', subscription],
        ['POST', '/api/reminders/test', undefined],
      ] as const) {
        expectError(
          await inject(productionApp, account, method, url, payload),
          409,
          'REMINDERS_UNAVAILABLE',
          MESSAGES.remindersUnavailable,
        );
      }
      const off = await inject(productionApp, account, 'PUT', '/api/reminders', {
        enabled: false,
        time: '18:00',
        weekdays: [1],
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(await productionApp.reminderScheduler.tick()).toEqual(report({}));
    });

    it('with keys: answers the settings’ public key and takes https endpoints only', async () => {
      const { account } = await registeredAccount(server);
      const settings = body<ReminderSettings>(
        await inject(withKeysApp, account, 'GET', '/api/reminders'),
        200,
      );
      expect(settings.vapidPublicKey).toBe(
        'BJ29JUergBwvVxuyYYfDXL6xcohz0v7ghGjT5Wbloghy-BtJSdlQZZRgtj__NknAIL1v1OUptuBk7s84vB9JNwE',
      );
      // Plain http, and hosts next to the server rather than a push service.
      for (const endpoint of [
        'http://push.example.com/send/abc',
        'https://127.0.0.1/send/abc',
        'https://10.0.0.7:8443/send/abc',
        'https://[::1]/send/abc',
        'https://localhost/send/abc',
        'https://api.localhost/send/abc',
        'https://metadata/computeMetadata/v1',
      ]) {
        expectError(
          await inject(withKeysApp, account, 'POST', '/api/reminders/devices', { ...subscription, endpoint }),
          400,
          'VALIDATION_ERROR',
          MESSAGES.pushSubscriptionInvalid,
        );
      }
      expect(
        (await inject(withKeysApp, account, 'POST', '/api/reminders/devices', subscription)).statusCode,
      ).toBe(201);
    });
  });
});
