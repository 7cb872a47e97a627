import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { REPO_ROOT } from '../src/config/paths';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('defaults to local mode on loopback with SQLite under ./data of the repository', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'local',
      port: 8080,
      host: '127.0.0.1',
      authEmulatorPort: undefined,
      inviteOnly: true,
      databaseUrl: undefined,
      firebaseProjectId: 'demo-pushup-tracker',
      dataDir: path.join(REPO_ROOT, 'data'),
      sqlitePath: path.join(REPO_ROOT, 'data', 'pushups.db'),
    });
    expect(config.firebaseWebConfig).toEqual({
      apiKey: 'demo-api-key',
      authDomain: '127.0.0.1',
      projectId: 'demo-pushup-tracker',
      // The page's own origin: the emulator's port is told to nobody but the server (decision 021).
      authEmulatorUrl: '/',
    });
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses, and never all of them', () => {
    const production = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'pushup-prod',
      FIREBASE_WEB_CONFIG: JSON.stringify({ apiKey: 'key', authDomain: 'pushup-prod.firebaseapp.com' }),
    };
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(production).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.1/33', '11', '10.0.0.1,']) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([
        expect.stringMatching(/^TRUST_PROXY: must be false, a number of proxies .* true is refused/),
      ]);
    }
  });

  it('reads a second instance’s PORT, DATA_DIR and AUTH_EMULATOR_PORT', () => {
    const config = loadConfig({
      PORT: '8081',
      DATA_DIR: './data2',
      AUTH_EMULATOR_PORT: '9199',
      INVITE_ONLY: 'false',
    });
    expect(config).toMatchObject({ port: 8081, authEmulatorPort: 9199, inviteOnly: false });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data2'));
    expect(config.firebaseWebConfig.authEmulatorUrl).toBe('/');
  });

  it('uses a running emulator named by FIREBASE_AUTH_EMULATOR_HOST in local mode, the browser through the app', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9555' });
    expect(config.externalAuthEmulator).toBe('127.0.0.1:9555');
    expect(config.firebaseWebConfig.authEmulatorUrl).toBe('/');
    expect(loadConfig({}).externalAuthEmulator).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      AUTH_EMULATOR_PORT: '70000',
      INVITE_ONLY: 'maybe',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
    });
    for (const name of ['PORT', 'AUTH_EMULATOR_PORT', 'INVITE_ONLY', 'DATABASE_URL', 'LOG_LEVEL']) {
      expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    }
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('refuses a non-loopback host in local mode unless ALLOW_REMOTE_LOCAL=true', () => {
    expect(problemsOf({ HOST: '0.0.0.0' })).toEqual([expect.stringMatching(/^HOST: .*ALLOW_REMOTE_LOCAL/)]);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_REMOTE_LOCAL: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
  });

  it('requires the Firebase project and web config in production and refuses emulator settings', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      AUTH_EMULATOR_PORT: '9099',
    });
    for (const name of [
      'FIREBASE_PROJECT_ID',
      'FIREBASE_WEB_CONFIG',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'AUTH_EMULATOR_PORT',
    ]) {
      expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    }
    expect(
      problemsOf({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'my-app', FIREBASE_WEB_CONFIG: '{' }),
    ).toEqual(['FIREBASE_WEB_CONFIG: must be valid JSON']);
  });

  it('accepts a complete production configuration', () => {
    const web = { apiKey: 'AIza-test', authDomain: 'my-app.firebaseapp.com', projectId: 'my-app' };
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      FIREBASE_PROJECT_ID: 'my-app',
      FIREBASE_WEB_CONFIG: JSON.stringify(web),
      DATABASE_URL: 'postgres://u:p@db:5432/pushups',
    });
    expect(config).toMatchObject({
      mode: 'production',
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/pushups',
    });
    expect(config.firebaseWebConfig).toEqual(web);
  });
});

describe('reminder settings (decision 020)', () => {
  // A pair web-push generated, and another pair's private key.
  const PUBLIC = 'BJ29JUergBwvVxuyYYfDXL6xcohz0v7ghGjT5Wbloghy-BtJSdlQZZRgtj__NknAIL1v1OUptuBk7s84vB9JNwE';
  const PRIVATE = 'bcOTN0BGsmU8XWqEygCoYpJsYjA8U-YTaFrGZv__2Vo';
  const OTHER_PRIVATE = 'tUxbf-Mhj-eWW5UAGnLO3vSRN5Z5JNhsq6WYoM-AShA';
  const production = {
    NODE_ENV: 'production',
    FIREBASE_PROJECT_ID: 'my-app',
    FIREBASE_WEB_CONFIG: JSON.stringify({ apiKey: 'k', authDomain: 'my-app.firebaseapp.com' }),
  };
  const keys = {
    VAPID_PUBLIC_KEY: PUBLIC,
    VAPID_PRIVATE_KEY: PRIVATE,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  };

  it('reads a complete VAPID key pair with its contact, in production', () => {
    const config = loadConfig({ ...production, ...keys });
    expect(config.vapid).toEqual({
      publicKey: PUBLIC,
      privateKey: PRIVATE,
      subject: 'mailto:ops@example.com',
    });
    expect(config.allowHttpPushEndpoints).toBe(false);
    expect(
      loadConfig({ ...production, ...keys, VAPID_SUBJECT: 'https://pushups.example.com/contact' }).vapid,
    ).toMatchObject({ subject: 'https://pushups.example.com/contact' });
  });

  it('has none by default: production sends no reminders, local mode makes its own keys', () => {
    expect(loadConfig(production).vapid).toBeUndefined();
    expect(loadConfig({})).toMatchObject({ vapid: undefined, allowHttpPushEndpoints: true });
  });

  it('refuses malformed keys and subjects, each with what it must be', () => {
    const problems = problemsOf({
      ...production,
      VAPID_PUBLIC_KEY: 'not-a-key',
      VAPID_PRIVATE_KEY: `${PRIVATE}==`,
      VAPID_SUBJECT: 'ops@example.com',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY: must be a VAPID public key: 65 bytes/),
      expect.stringMatching(/^VAPID_PRIVATE_KEY: must be a VAPID private key: 32 bytes/),
      expect.stringMatching(/^VAPID_SUBJECT: must be a mailto: address .* or an https: URL/),
    ]);
    // Right length, wrong first byte (a compressed or random key); a plain http contact; base64 with + and /.
    expect(problemsOf({ ...production, ...keys, VAPID_PUBLIC_KEY: `A${PUBLIC.slice(1)}` })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY: /),
    ]);
    expect(problemsOf({ ...production, ...keys, VAPID_SUBJECT: 'http://example.com' })).toEqual([
      expect.stringMatching(/^VAPID_SUBJECT: /),
    ]);
    expect(problemsOf({ ...production, ...keys, VAPID_PRIVATE_KEY: PRIVATE.replace(/_/g, '/') })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY: /),
    ]);
  });

  it('refuses a private key of another pair, and a set that is not complete', () => {
    expect(problemsOf({ ...production, ...keys, VAPID_PRIVATE_KEY: OTHER_PRIVATE })).toEqual([
      'VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY (generate the two together)',
    ]);
    expect(problemsOf({ ...production, VAPID_PUBLIC_KEY: PUBLIC })).toEqual([
      'VAPID_PRIVATE_KEY: required with the other VAPID settings (set all three, or none)',
      'VAPID_SUBJECT: required with the other VAPID settings (set all three, or none)',
    ]);
  });

  it('reads how often each process looks for due reminders: 60 s by default, 0 for never', () => {
    expect(loadConfig({}).reminderIntervalMs).toBe(60_000);
    expect(loadConfig({ REMINDER_INTERVAL_SECONDS: '0' }).reminderIntervalMs).toBe(0);
    expect(loadConfig({ REMINDER_INTERVAL_SECONDS: '15' }).reminderIntervalMs).toBe(15_000);
    for (const bad of ['-1', '3601', '1.5', 'often']) {
      expect(problemsOf({ REMINDER_INTERVAL_SECONDS: bad })).toEqual([
        'REMINDER_INTERVAL_SECONDS: must be a whole number of seconds from 0 (no reminders sent by this process) to 3600',
      ]);
    }
  });

  it('reads how many PostgreSQL connections each process keeps: 10 by default, 1 to 200', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    for (const bad of ['0', '201', '2.5', 'many']) {
      expect(problemsOf({ DATABASE_POOL_SIZE: bad })).toEqual([
        'DATABASE_POOL_SIZE: must be a whole number from 1 to 200',
      ]);
    }
  });
});

describe("the operator's details for the imprint (OPERATOR_*)", () => {
  it('are all unset by default: the imprint then says the operator has not provided them', () => {
    expect(loadConfig({}).operator).toEqual({
      name: null,
      address: [],
      email: null,
      phone: null,
      responsiblePerson: null,
    });
    // Blank counts as unset, as for every other setting.
    expect(loadConfig({ OPERATOR_NAME: '  ', OPERATOR_ADDRESS: ' ; ', OPERATOR_EMAIL: '' }).operator).toEqual(
      {
        name: null,
        address: [],
        email: null,
        phone: null,
        responsiblePerson: null,
      },
    );
  });

  it("reads the name, the address's lines (separated by ;), email, phone and the person responsible", () => {
    const config = loadConfig({
      OPERATOR_NAME: ' Jane Doe Fitness ',
      OPERATOR_ADDRESS: 'Main Street 1; 12345 Springfield ;Germany',
      OPERATOR_EMAIL: 'jane@example.com',
      OPERATOR_PHONE: '+49 (30) 123-456',
      OPERATOR_RESPONSIBLE_PERSON: 'Jane Doe',
    });
    expect(config.operator).toEqual({
      name: 'Jane Doe Fitness',
      address: ['Main Street 1', '12345 Springfield', 'Germany'],
      email: 'jane@example.com',
      phone: '+49 (30) 123-456',
      responsiblePerson: 'Jane Doe',
    });
  });

  it('refuses an email that is none, a phone with letters, overlong text and too many address lines, each named', () => {
    const problems = problemsOf({
      OPERATOR_NAME: 'x'.repeat(201),
      OPERATOR_ADDRESS: 'a;b;c;d;e;f;g',
      OPERATOR_EMAIL: 'jane at example',
      OPERATOR_PHONE: 'call me',
      OPERATOR_RESPONSIBLE_PERSON: 'Jane\u0007Doe',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^OPERATOR_NAME: must be at most 200 characters/),
        expect.stringMatching(/^OPERATOR_ADDRESS: must have at most 6 lines/),
        expect.stringMatching(/^OPERATOR_EMAIL: must be an email address/),
        expect.stringMatching(/^OPERATOR_PHONE: must be a phone number/),
        expect.stringMatching(/^OPERATOR_RESPONSIBLE_PERSON: must be one line of text/),
      ]),
    );
    expect(problems).toHaveLength(5);
  });
});
