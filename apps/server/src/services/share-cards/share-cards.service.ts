import { createHash } from 'node:crypto';
import type { Language } from '@pushup/shared';
import { type CacheCounter, UNCOUNTED } from '../../metrics/app-metrics';
import { type AchievementFacts, achievementCard } from './achievement-card';
import { CardCache, type DrawnCard } from './card-cache';
import { drawPng } from './card-renderer';
import { type CardNode, type CardTheme, PALETTES } from './card-style';
import { cardTexts } from './card-texts';
import { type ChallengeFacts, challengeCard } from './challenge-card';
import { type ProfileFacts, profileCard } from './profile-card';
import { type ProgressFacts, progressCard } from './progress-card';

/** Which picture, with exactly what it shows. */
export type ShareCard =
  | { kind: 'progress'; facts: ProgressFacts }
  | { kind: 'achievement'; facts: AchievementFacts }
  | { kind: 'challenge'; facts: ChallengeFacts }
  | { kind: 'profile'; facts: ProfileFacts };

export interface CardRequest {
  card: ShareCard;
  language: Language;
  theme: CardTheme;
}

/** Raised when a layout changes, so that no picture of the old one is served for the same facts. */
const LAYOUT_VERSION = 2;

/** About 700 to 1,000 pictures of 16 to 22 KB (docs/performance.md, "Share pictures"). */
const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

/** A card's layout tree in its language and theme (what is drawn; the tests read its texts). */
export function cardLayout({ card, language, theme }: CardRequest): CardNode {
  const t = cardTexts(language);
  const palette = PALETTES[theme];
  switch (card.kind) {
    case 'progress':
      return progressCard(card.facts, t, palette);
    case 'achievement':
      return achievementCard(card.facts, t, palette);
    case 'challenge':
      return challengeCard(card.facts, t, palette);
    case 'profile':
      return profileCard(card.facts, t, palette);
  }
}

/**
 * The share pictures (docs/product.md, "Share pictures"): each drawn once for exactly what it shows.
 * The hash of the facts, language, theme and layout version names the picture and is its strong
 * ETag; a picture already drawn comes from the cache, and a client holding the ETag is answered 304
 * without one being looked up.
 */
export class ShareCardsService {
  private readonly cache: CardCache;
  /** Draws of the same picture in progress, shared by the requests asking for it meanwhile. */
  private readonly drawing = new Map<string, Promise<DrawnCard>>();
  /**
   * The last drawing asked for: each waits for the one before it. Drawing is CPU work on this thread,
   * so drawing several at once is no faster, and each holds its layout, SVG and pixels (a few MB) until
   * it ends: one at a time bounds the memory to one drawing's (docs/performance.md, "Share pictures").
   */
  private lastDrawing: Promise<unknown> = Promise.resolve();

  /** `counter` counts a picture found as a hit and one drawn as a miss (/metrics, cache="share_pictures"). */
  constructor(
    private readonly counter: CacheCounter = UNCOUNTED,
    cacheBytes = DEFAULT_CACHE_BYTES,
  ) {
    this.cache = new CardCache(cacheBytes);
  }

  /** The picture's strong ETag, computed without drawing. */
  etagOf(request: CardRequest): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([LAYOUT_VERSION, request.language, request.theme, request.card]))
      .digest('base64url');
    return `"${hash}"`;
  }

  async picture(request: CardRequest): Promise<DrawnCard> {
    const etag = this.etagOf(request);
    const cached = this.cache.get(etag);
    const pending = this.drawing.get(etag);
    if (cached || pending) {
      this.counter.hit();
      return cached ?? (pending as Promise<DrawnCard>);
    }
    this.counter.miss();
    const draw = this.lastDrawing
      // A drawing that failed has answered its own request; the next one draws all the same.
      .catch(() => undefined)
      .then(async () => {
        const card = { png: await drawPng(cardLayout(request)), etag };
        this.cache.set(etag, card);
        return card;
      })
      .finally(() => this.drawing.delete(etag));
    this.lastDrawing = draw;
    this.drawing.set(etag, draw);
    return draw;
  }
}
