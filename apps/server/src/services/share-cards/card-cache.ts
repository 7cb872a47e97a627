/** One drawn picture and its strong ETag (the hash of exactly what was drawn). */
export interface DrawnCard {
  png: Buffer;
  etag: string;
}

/**
 * The drawn pictures by the hash of what they show, least recently used first, bounded in bytes:
 * an unchanged card is never drawn twice while it stays in (docs/performance.md, "Share pictures").
 * A hash names its content, so nothing here is ever stale.
 */
export class CardCache {
  private readonly cards = new Map<string, DrawnCard>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(hash: string): DrawnCard | undefined {
    const card = this.cards.get(hash);
    if (!card) return undefined;
    // Map keeps insertion order: taking it out and in again makes it the most recently used.
    this.cards.delete(hash);
    this.cards.set(hash, card);
    return card;
  }

  set(hash: string, card: DrawnCard): void {
    if (card.png.length > this.maxBytes) return;
    const old = this.cards.get(hash);
    if (old) {
      this.cards.delete(hash);
      this.bytes -= old.png.length;
    }
    this.cards.set(hash, card);
    this.bytes += card.png.length;
    for (const [key, value] of this.cards) {
      if (this.bytes <= this.maxBytes) break;
      this.cards.delete(key);
      this.bytes -= value.png.length;
    }
  }

  get size(): number {
    return this.bytes;
  }
}
