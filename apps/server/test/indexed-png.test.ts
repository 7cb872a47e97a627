/**
 * Share pictures as palette PNGs (services/share-cards/indexed-png.ts): read back by resvg's own PNG
 * decoder, they are exactly the pixels painted, and pixels a palette cannot hold get no palette PNG.
 */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { drawPng, layoutSvg, paint } from '../src/services/share-cards/card-renderer';
import { indexedPng } from '../src/services/share-cards/indexed-png';
import { cardLayout } from '../src/services/share-cards/share-cards.service';

/** The pixels of a PNG as another decoder reads them: resvg painting it as an image of its size. */
function decoded(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().pixels;
}

/** Opaque pixels whose colour is `colourOf(i)` for the i-th pixel (0xRRGGBB). */
function opaque(width: number, height: number, colourOf: (i: number) => number): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const colour = colourOf(i);
    pixels.set([colour >> 16, (colour >> 8) & 255, colour & 255, 255], i * 4);
  }
  return pixels;
}

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('palette PNG', () => {
  it('holds exactly the pixels given, 256 colours at most', async () => {
    const width = 32;
    const height = 16;
    // 256 colours, each in runs of two pixels, all three channels varied.
    const pixels = opaque(width, height, (i) => {
      const k = (Math.floor(i / 2) * 7) % 256;
      return (((k * 37) & 255) << 16) | (((k * 91) & 255) << 8) | ((k * 13) & 255);
    });
    const png = await indexedPng(pixels, width, height);
    expect(png?.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    expect(decoded(png as Buffer, width, height).equals(pixels)).toBe(true);
  });

  it('is not made for 257 colours or for any transparency', async () => {
    expect(
      await indexedPng(
        opaque(257, 1, (i) => i),
        257,
        1,
      ),
    ).toBeNull();
    const seeThrough = opaque(4, 4, () => 0x336699);
    seeThrough[4 * 5 + 3] = 128;
    expect(await indexedPng(seeThrough, 4, 4)).toBeNull();
  });

  it('is what a share picture is drawn as: the pixels resvg painted, in half the bytes or less', async () => {
    const node = cardLayout({
      card: {
        kind: 'challenge',
        facts: {
          name: 'November 5000',
          groupName: 'Office Crew',
          finished: true,
          reachedTarget: true,
          winners: [],
          groupTotal: 5230,
          participantCount: 8,
          leaders: [
            { username: 'alex_runner', total: 1402, rank: 1 },
            { username: 'sam-k', total: 1190, rank: 2 },
          ],
        },
      },
      language: 'de',
      theme: 'dark',
    });
    const png = await drawPng(node);
    expect(png.readUInt8(25)).toBe(3); // IHDR's colour type: a palette
    const painted = paint(await layoutSvg(node));
    expect(decoded(png, 1200, 630).equals(painted.pixels)).toBe(true);
    expect(png.length * 2).toBeLessThanOrEqual(painted.asPng().length);
  });
});
