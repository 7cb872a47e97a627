import { box, type CardNode, type CardPalette, frame, stat, text } from './card-style';
import type { CardTexts } from './card-texts';

/** What a public profile's picture shows: the name and only the parts its owner made public. */
export interface ProfileFacts {
  username: string;
  total: number | null;
  currentStreak: number | null;
  longestStreak: number | null;
  achievements: number | null;
}

export function profileCard(facts: ProfileFacts, t: CardTexts, palette: CardPalette): CardNode {
  const stats: CardNode[] = [];
  if (facts.total !== null) stats.push(stat(palette, t.number(facts.total), `${t.pushups} ${t.total}`));
  if (facts.currentStreak !== null) stats.push(stat(palette, t.number(facts.currentStreak), t.currentStreak));
  if (facts.longestStreak !== null) stats.push(stat(palette, t.number(facts.longestStreak), t.longestStreak));
  if (facts.achievements !== null) stats.push(stat(palette, t.number(facts.achievements), t.achievements));
  const initial = box(
    {
      width: 150,
      height: 150,
      borderRadius: 75,
      backgroundColor: palette.brand,
      color: palette.card,
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: 80,
      fontWeight: 800,
      marginRight: 40,
      flexShrink: 0,
    },
    (facts.username[0] ?? '?').toUpperCase(),
  );
  const body = box(
    { flexDirection: 'column' },
    box(
      { alignItems: 'center' },
      initial,
      text(facts.username, { fontSize: 72, fontWeight: 800, color: palette.text }),
    ),
    box({ marginTop: 48 }, ...stats),
  );
  return frame(palette, t.profile, body, t.footer);
}
