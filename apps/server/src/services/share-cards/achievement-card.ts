import type { AchievementId } from '@pushup/shared';
import { box, type CardNode, type CardPalette, frame, text } from './card-style';
import type { CardTexts } from './card-texts';

/** What the achievement picture shows: which one, whose, and the day it was earned. */
export interface AchievementFacts {
  id: AchievementId;
  /** Its English name (packages/shared/src/achievements.ts); the texts give the German one. */
  title: string;
  /** What it asks (1 for the one-offs): the medal shows it, or the name's first letter for a one-off. */
  target: number;
  username: string;
  earnedDay: string;
}

export function achievementCard(facts: AchievementFacts, t: CardTexts, palette: CardPalette): CardNode {
  const title = t.achievementTitle(facts.id, facts.title);
  const medalText = facts.target > 1 ? t.number(facts.target) : title.slice(0, 1);
  const medal = box(
    {
      width: 200,
      height: 200,
      borderRadius: 100,
      backgroundColor: palette.brandSoft,
      border: `10px solid ${palette.brand}`,
      alignItems: 'center',
      justifyContent: 'center',
      marginRight: 56,
      flexShrink: 0,
    },
    text(medalText, {
      fontSize: medalText.length <= 3 ? 76 : medalText.length <= 5 ? 50 : 38,
      fontWeight: 800,
      color: palette.brand,
    }),
  );
  const words = box(
    { flexDirection: 'column', flexShrink: 1 },
    text(title, {
      fontSize: 76,
      fontWeight: 800,
      color: palette.text,
      lineHeight: 1.1,
      marginTop: 8,
    }),
    text(facts.username, { fontSize: 34, fontWeight: 700, color: palette.brand, marginTop: 20 }),
    text(t.earnedOn(facts.earnedDay), { fontSize: 26, color: palette.muted, marginTop: 8 }),
  );
  return frame(palette, t.achievementEarned, box({ alignItems: 'center' }, medal, words), t.footer);
}
