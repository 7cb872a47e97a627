/**
 * The share pictures' look: the web app's colours (apps/web/src/index.css, the brand orange and the
 * page and card colours of light and dark) on a 1200 x 630 canvas, the size link previews show.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export type CardTheme = 'light' | 'dark';

export interface CardPalette {
  page: string;
  card: string;
  border: string;
  text: string;
  muted: string;
  brand: string;
  brandSoft: string;
  track: string;
}

export const PALETTES: Record<CardTheme, CardPalette> = {
  light: {
    page: '#fbf8f5',
    card: '#ffffff',
    border: '#fed7aa',
    text: '#0f172a',
    muted: '#475569',
    brand: '#c2410c',
    brandSoft: '#ffedd5',
    track: '#e2e8f0',
  },
  dark: {
    page: '#0b1120',
    card: '#111827',
    border: '#2c3a4f',
    text: '#ffffff',
    muted: '#a3b1c6',
    brand: '#fb923c',
    brandSoft: '#3b2412',
    track: '#2c3a4f',
  },
};

/** A node as satori takes it (the shape React elements have, without React). */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}
type CardChild = CardNode | string;

/** A box with its style and children: every layout is written with this. */
export function box(style: Record<string, string | number>, ...children: CardChild[]): CardNode {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } };
}

/** Text in one run (satori needs a text node's parent to be a flex box of its own). */
export function text(value: string, style: Record<string, string | number>): CardNode {
  return box(style, value);
}

/**
 * The frame every card shares: the page colour, a card with a brand stripe, the app's name and the
 * card's own heading, and the body the layout draws.
 */
export function frame(palette: CardPalette, heading: string, body: CardNode, footer: string): CardNode {
  return box(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      padding: 40,
      backgroundColor: palette.page,
      fontFamily: 'Inter',
    },
    box(
      {
        flexDirection: 'column',
        // Fixed, so that a long name or number is cut rather than widening the card past the canvas.
        width: CARD_WIDTH - 80,
        height: CARD_HEIGHT - 80,
        borderRadius: 32,
        backgroundColor: palette.card,
        border: `2px solid ${palette.border}`,
        overflow: 'hidden',
      },
      box({ height: 14, backgroundColor: palette.brand }),
      box(
        { flexDirection: 'column', flexGrow: 1, padding: '36px 56px 40px 56px' },
        box(
          { justifyContent: 'space-between', alignItems: 'center' },
          box(
            { alignItems: 'center' },
            box(
              {
                width: 44,
                height: 44,
                borderRadius: 12,
                backgroundColor: palette.brand,
                alignItems: 'center',
                justifyContent: 'center',
                color: palette.card,
                fontSize: 26,
                fontWeight: 800,
                marginRight: 16,
              },
              'P',
            ),
            text('Pushup Tracker', { fontSize: 28, fontWeight: 700, color: palette.text }),
          ),
          text(heading, { fontSize: 26, fontWeight: 700, color: palette.brand }),
        ),
        box({ flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }, body),
        text(footer, { fontSize: 22, color: palette.muted }),
      ),
    ),
  );
}

/** A bar with its share filled, for goal progress (0 to 1). */
export function progressBar(palette: CardPalette, share: number): CardNode {
  const filled = Math.max(0, Math.min(1, share));
  return box(
    { height: 22, borderRadius: 11, backgroundColor: palette.track, width: '100%' },
    box({ width: `${Math.round(filled * 1000) / 10}%`, borderRadius: 11, backgroundColor: palette.brand }),
  );
}

/** A number with its label under it. */
export function stat(palette: CardPalette, value: string, label: string): CardNode {
  return box(
    { flexDirection: 'column', marginRight: 56 },
    text(value, { fontSize: 56, fontWeight: 800, color: palette.text }),
    text(label, { fontSize: 24, color: palette.muted }),
  );
}
