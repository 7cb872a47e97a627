/**
 * Link previews of /u/<username> (docs/product.md, "Share pictures"), on SQLite (and PostgreSQL in
 * the full tier, docs/testing.md "Engines"): the first HTML answer of a public profile carries its
 * title, description and picture as Open Graph and Twitter card tags, escaped; a private or unknown
 * profile gets the plain index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, injectLinkPreview, profilePreview } from '../src/plugins/link-previews';
import { groupsHarness, type Person } from './groups-helpers';
import { createTestServer, ruleEngines, type TestServer, tempDir } from './helpers';

/** Where app.inject() addresses its requests (the tests' PORT is 80). */
const ORIGIN = 'http://localhost:80';

/** The head of apps/web/index.html as the build writes it (the parts the previews replace). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Pushup Tracker: log your daily push-ups, follow your progress, set a goal and compete with friends." />
    <title>Pushup Tracker</title>
    <!--FIREBASE_CONFIG-->
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The content of each `<meta property|name="key">` of a page. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags[match[1] as string] = match[2] as string;
  }
  return tags;
}

describe('the link preview’s escaping', () => {
  it('writes every character that could leave an attribute or open a tag as an entity', () => {
    expect(escapeHtml(`a"b'c<d>e&f\`g=h`)).toBe('a&#34;b&#39;c&#60;d&#62;e&#38;f&#96;g&#61;h');
  });

  it('keeps a hostile name inside its attributes and its title', () => {
    const name = `x"><script>alert(1)</script><meta name="robots`;
    const html = injectLinkPreview(
      INDEX_HTML,
      profilePreview({ username: name, totals: { total: 1200, activeDays: 3 } }, 'https://push.example'),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('name="robots');
    const tags = metaTags(html);
    expect(tags['og:title']).toBe(escapeHtml(`${name} on Pushup Tracker`));
    expect(tags['og:image']).toBe(`https://push.example/api/share-cards/users/${encodeURIComponent(name)}`);
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe(escapeHtml(`${name} on Pushup Tracker`));
  });
});

describe.each(ruleEngines)('link previews on %s', (engine) => {
  let server: TestServer;
  const h = groupsHarness(() => server);
  let ana: Person;
  let ben: Person;

  beforeAll(async () => {
    const webRoot = tempDir('previews');
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    server = await createTestServer(engine, { webRoot });
    [ana, ben] = await h.people(2);
    const parts = { totals: true, streak: true, records: false, heatmap: false, achievements: false };
    const made = await h.call(ana, 'PUT', '/api/users/public-profile', { enabled: true, parts });
    expect(made.statusCode, made.body).toBe(200);
    expect((await h.call(ana, 'POST', '/api/pushups', { count: 40 })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('gives a public profile’s page its title, description and picture, without JavaScript', async () => {
    const response = await page(`/u/${ana.username}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const tags = metaTags(response.body);
    expect(response.body).toContain(`<title>${ana.username} on Pushup Tracker</title>`);
    expect(tags).toMatchObject({
      description: `${ana.username} on Pushup Tracker: 40 pushups in total, a 1-day streak.`,
      'og:title': `${ana.username} on Pushup Tracker`,
      'og:description': `${ana.username} on Pushup Tracker: 40 pushups in total, a 1-day streak.`,
      'og:image': `${ORIGIN}/api/share-cards/users/${ana.username}`,
      'og:url': `${ORIGIN}/u/${ana.username}`,
      'twitter:card': 'summary_large_image',
    });
    // The page still starts the app, and the picture it names is there for anyone.
    expect(response.body).toContain('window.FIREBASE_CONFIG');
    const picture = await server.app.inject({ method: 'GET', url: `/api/share-cards/users/${ana.username}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('gives a private or unknown profile the plain page, naming no one', async () => {
    const plain = await page('/');
    for (const url of [`/u/${ben.username}`, '/u/no_one_holds_this', '/u/a%22%3E%3Cb']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(plain.body);
      expect(response.body).not.toContain('og:');
      expect(response.body).not.toContain(ben.username);
    }
  });

  it('drops the preview as soon as the profile turns private', async () => {
    const parts = { totals: true, streak: true, records: false, heatmap: false, achievements: false };
    await h.call(ana, 'PUT', '/api/users/public-profile', { enabled: false, parts });
    const response = await page(`/u/${ana.username}`);
    expect(response.body).not.toContain('og:image');
    expect(response.body).not.toContain(ana.username);
  });
});
