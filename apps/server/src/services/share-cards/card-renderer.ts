import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { CARD_HEIGHT, CARD_WIDTH, type CardNode } from './card-style';
import { indexedPng } from './indexed-png';

type SatoriFont = Parameters<typeof satori>[1]['fonts'][number];

const require = createRequire(import.meta.url);
/** Inter from its npm package, as woff (satori reads woff, ttf and otf, not woff2); nothing is fetched. */
const FONT_FILES = [
  { weight: 400, file: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff') },
  { weight: 700, file: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff') },
  { weight: 800, file: require.resolve('@fontsource/inter/files/inter-latin-800-normal.woff') },
] as const;

let fonts: Promise<SatoriFont[]> | null = null;

function loadFonts(): Promise<SatoriFont[]> {
  fonts ??= Promise.all(
    FONT_FILES.map(async ({ weight, file }) => ({
      name: 'Inter',
      data: await readFile(file),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

/** A card's layout as a 1200 x 630 SVG, every text turned into paths (satori). */
export async function layoutSvg(node: CardNode): Promise<string> {
  return satori(node as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
}

/** The pixels resvg paints of a card's SVG. */
export function paint(svg: string) {
  return new Resvg(svg, {
    fitTo: { mode: 'original' },
    // satori has already turned every text into paths: scanning the system's fonts would only cost time.
    font: { loadSystemFonts: false },
  }).render();
}

/** A card's layout as a 1200 x 630 PNG: satori lays it out as SVG, resvg paints the SVG. */
export async function drawPng(node: CardNode): Promise<Buffer> {
  const image = paint(await layoutSvg(node));
  return (await indexedPng(image.pixels, image.width, image.height)) ?? image.asPng();
}
