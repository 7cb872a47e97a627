import type { PublicProfile } from '@pushup/shared';

/**
 * Link previews of app pages (docs/product.md, "Share pictures"): what a chat app or a social site
 * shows for a link, read from the first HTML answer since their crawlers run no JavaScript. Only
 * `/u/<username>` of a public profile has one; any other page, and a private or unknown profile,
 * gets the plain index.html, so that no tag names a user who did not choose to be seen.
 */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URLs: crawlers resolve nothing against the page. */
  image: string;
  url: string;
}

/**
 * Text as the value of a double-quoted HTML attribute or as element text: every character that
 * could end the attribute, open a tag or start an entity is written as an entity.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PROFILE_PATH = /^\/u\/([^/?#]+)\/?$/;

/** The username a path names, as it came (decoded), or null for a path that is not a profile's. */
export function profileNameOf(path: string): string | null {
  const match = PROFILE_PATH.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const number = new Intl.NumberFormat('en');

/** A public profile's preview: its name, and only numbers from the parts its owner made public. */
export function profilePreview(profile: PublicProfile, origin: string): LinkPreview {
  const name = encodeURIComponent(profile.username);
  const facts: string[] = [];
  if (profile.totals) facts.push(`${number.format(profile.totals.total)} pushups in total`);
  if (profile.streak) facts.push(`a ${number.format(profile.streak.current)}-day streak`);
  if (profile.achievements) facts.push(`${number.format(profile.achievements.length)} achievements`);
  const description =
    facts.length > 0
      ? `${profile.username} on Pushup Tracker: ${facts.join(', ')}.`
      : `${profile.username} logs their pushups on Pushup Tracker.`;
  return {
    title: `${profile.username} on Pushup Tracker`,
    description,
    image: `${origin}/api/share-cards/users/${name}`,
    url: `${origin}/u/${name}`,
  };
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

/** index.html with the preview's title, description and Open Graph and Twitter card tags. */
export function injectLinkPreview(html: string, preview: LinkPreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="Pushup Tracker" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${escapeHtml(preview.image)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(preview.image)}" />`,
  ].join('');
  const withTitle = TITLE.test(html)
    ? html.replace(TITLE, () => `<title>${title}</title>`)
    : html.replace('</head>', () => `<title>${title}</title></head>`);
  return DESCRIPTION.test(withTitle)
    ? withTitle.replace(DESCRIPTION, () => tags)
    : withTitle.replace('</head>', () => `${tags}</head>`);
}
