/**
 * Share pictures (docs/product.md, "Share pictures"), on SQLite (and PostgreSQL in the full tier,
 * docs/testing.md "Engines"): a 1200 x 630 PNG named by a strong ETag of exactly what it shows,
 * drawn once while nothing changes and again when a number does, in the user's language, for whom
 * the authorization matrix allows (docs/security.md), and limited per user.
 */
import { addDays, dayInZone, type Language } from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLayout, type ShareCard } from '../src/services/share-cards/share-cards.service';
import { groupsHarness, type Person, type Reply } from './groups-helpers';
import { createTestServer, ruleEngines, type TestServer } from './helpers';
import { parsePrometheusText, valueAt } from './prometheus-text';

const TOKEN = 'metrics-token-for-the-share-cards-0123456789';

/** The width and height a PNG's IHDR chunk gives (bytes 16 to 23, big-endian). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Every text a layout draws, in order, its no-break spaces read as spaces. */
function textsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node.replaceAll('\u00a0', ' ')];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (node && typeof node === 'object' && 'props' in node) {
    return textsOf((node as { props: { children?: unknown } }).props.children);
  }
  return [];
}

describe('the share pictures’ layouts', () => {
  const progress: ShareCard = {
    kind: 'progress',
    facts: {
      period: 'day',
      username: 'kim',
      count: 85,
      days: [],
      streak: 12,
      goal: { done: 7340, target: 10_000 },
    },
  };
  const layoutTexts = (card: ShareCard, language: Language) =>
    textsOf(cardLayout({ card, language, theme: 'light' }));

  it('speak German to a German user (informal du), with German numbers', () => {
    expect(layoutTexts(progress, 'de')).toEqual(
      expect.arrayContaining(['Heute', 'Liegestütze', 'Ziel: 7.340 von 10.000', 'Serie von 12 Tagen']),
    );
    expect(layoutTexts(progress, 'de')).toContain('Trag deine Liegestütze ein, halte deine Serie.');
    expect(layoutTexts(progress, 'en')).toEqual(
      expect.arrayContaining(['Today', 'pushups', 'Goal: 7,340 of 10,000', '12-day streak']),
    );
    const achievement: ShareCard = {
      kind: 'achievement',
      facts: {
        id: 'total-1000',
        title: 'Thousand Club',
        target: 1000,
        username: 'kim',
        earnedDay: '2026-11-27',
      },
    };
    expect(layoutTexts(achievement, 'de')).toEqual(
      expect.arrayContaining(['Tausender-Club', 'Erfolg freigeschaltet', 'Erreicht am 27. November 2026']),
    );
  });
});

describe.each(ruleEngines)('share pictures on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  let kim: Person;

  beforeAll(async () => {
    server = await createTestServer(engine, { env: { METRICS_TOKEN: TOKEN } });
    kim = await h.person();
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (who: Person | null, url: string, headers: Record<string, string> = {}): Promise<Reply> =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { ...(who ? { authorization: `Bearer ${who.account.idToken}` } : {}), ...headers },
    });

  async function drawings(): Promise<number> {
    const response = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return valueAt(parsePrometheusText(response.body), 'pushup_cache_misses_total', {
      cache: 'share_pictures',
    });
  }

  function expectPicture(response: Reply): Buffer {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    return response.rawPayload;
  }

  it('draws the day’s progress once while nothing changes, answers 304 to its ETag, and anew after a log', async () => {
    const first = await get(kim, '/api/share-cards/progress');
    const png = expectPicture(first);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const drawn = await drawings();

    const again = await get(kim, '/api/share-cards/progress');
    expect(expectPicture(again).equals(png)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await drawings()).toBe(drawn);

    const revalidated = await get(kim, '/api/share-cards/progress', {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(await drawings()).toBe(drawn);

    expect((await h.call(kim, 'POST', '/api/pushups', { count: 12 })).statusCode).toBe(201);
    const changed = await get(kim, '/api/share-cards/progress');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(expectPicture(changed).equals(png)).toBe(false);
    expect(await drawings()).toBe(drawn + 1);

    const week = await get(kim, '/api/share-cards/progress?period=week&theme=dark');
    expectPicture(week);
    expect(week.headers.etag).not.toBe(changed.headers.etag);
  });

  it('draws the progress anew when the name or the goal changes, with no push-ups logged', async () => {
    const max = await h.person();
    expect((await h.call(max, 'POST', '/api/pushups', { count: 5 })).statusCode).toBe(201);
    const before = await get(max, '/api/share-cards/progress?period=week');
    expectPicture(before);
    expect((await get(max, '/api/share-cards/progress?period=week')).headers.etag).toBe(before.headers.etag);

    h.body(await h.call(max, 'PATCH', '/api/users/profile-update', { personalGoal: 500 }), 200);
    const withGoal = await get(max, '/api/share-cards/progress?period=week');
    expectPicture(withGoal);
    expect(withGoal.headers.etag).not.toBe(before.headers.etag);

    const renamed = `${max.username.slice(0, 20)}x`;
    h.body(await h.call(max, 'PUT', '/api/users/profile', { username: renamed }), 200);
    const afterRename = await get(max, '/api/share-cards/progress?period=week');
    expectPicture(afterRename);
    expect(afterRename.headers.etag).not.toBe(withGoal.headers.etag);
  });

  it('draws in the language the user chose, unless the call names one', async () => {
    const lea = await h.person();
    const saved = await h.call(lea, 'PATCH', '/api/users/settings', { language: 'de' });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = await get(lea, '/api/share-cards/progress');
    const german = await get(lea, '/api/share-cards/progress?lang=de');
    const english = await get(lea, '/api/share-cards/progress?lang=en');
    expectPicture(own);
    expect(own.headers.etag).toBe(german.headers.etag);
    expect(own.headers.etag).not.toBe(english.headers.etag);
  });

  it('draws an achievement only once earned, and refuses an unknown one', async () => {
    const sam = await h.person();
    expect((await get(sam, '/api/share-cards/achievements/first-entry')).statusCode).toBe(404);
    expect((await h.call(sam, 'POST', '/api/pushups', { count: 5 })).statusCode).toBe(201);
    expectPicture(await get(sam, '/api/share-cards/achievements/first-entry'));
    expect((await get(sam, '/api/share-cards/achievements/no-such-thing')).statusCode).toBe(400);
    expect((await get(null, '/api/share-cards/achievements/first-entry')).statusCode).toBe(401);
  });

  it('draws a challenge for its group’s members only', async () => {
    const [owner, member, outsider] = await h.people(3);
    const group = await h.groupWith(owner, [member]);
    const today = dayInZone(new Date(), 'UTC');
    const created = await h.call(owner, 'POST', `/api/groups/${group.id}/challenges`, {
      name: 'Push week',
      kind: 'race',
      startDay: today,
      endDay: addDays(today, 6),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/share-cards/groups/${group.id}/challenges/${created.json<{ id: string }>().id}`;
    expectPicture(await get(member, url));
    expectPicture(await get(owner, `${url}?theme=dark&lang=de`));
    expect((await get(outsider, url)).statusCode).toBe(403);
    expect((await get(member, `/api/share-cards/groups/${group.id}/challenges/unknown`)).statusCode).toBe(
      404,
    );
  });

  it('draws a public profile for anyone, and answers a private one exactly as an unknown name', async () => {
    const ana = await h.person();
    const url = `/api/share-cards/users/${ana.username}`;
    const unknown = await get(null, '/api/share-cards/users/nobody-has-this-name');
    const privately = await get(null, url);
    expect(privately.statusCode).toBe(404);
    expect(privately.json()).toEqual(unknown.json());

    const parts = { totals: true, streak: true, records: false, heatmap: false, achievements: true };
    const made = await h.call(ana, 'PUT', '/api/users/public-profile', { enabled: true, parts });
    expect(made.statusCode, made.body).toBe(200);
    const shown = await get(null, url);
    expectPicture(shown);
    expect(shown.headers['cache-control']).toBe('public, no-cache');
    expectPicture(await get(kim, `${url}?lang=de&theme=dark`));

    await h.call(ana, 'PUT', '/api/users/public-profile', { enabled: false, parts });
    expect((await get(null, url)).json()).toEqual(unknown.json());
  });
});

describe('the share pictures’ limit', () => {
  let server: TestServer;
  const h = groupsHarness(() => server);

  beforeAll(async () => {
    server = await createTestServer('sqlite', { rateLimits: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 once a user has asked for 30 pictures in a minute', async () => {
    const [kai, other] = await h.people(2);
    const ask = (who: Person) =>
      server.app.inject({
        method: 'GET',
        url: '/api/share-cards/progress',
        remoteAddress: '10.9.0.1',
        headers: { authorization: `Bearer ${who.account.idToken}` },
      });
    for (let i = 0; i < 30; i++) expect((await ask(kai)).statusCode).toBe(200);
    const refused = await ask(kai);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/^Too many share pictures: at most 30 a minute/);
    expect((await ask(other)).statusCode).toBe(200);
  });
});
