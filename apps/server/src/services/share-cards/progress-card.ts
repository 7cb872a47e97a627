import { box, type CardNode, type CardPalette, frame, progressBar, text } from './card-style';
import type { CardTexts } from './card-texts';

/** What the progress picture shows: the day's or the last seven days' count, goal and streak. */
export interface ProgressFacts {
  period: 'day' | 'week';
  username: string;
  /** The day's sum, or the seven days' sum. */
  count: number;
  /** The seven days oldest first, today last (the week's bars); empty for a day. */
  days: { day: string; total: number }[];
  streak: number;
  /** The running total against the personal goal; null without a goal. */
  goal: { done: number; target: number } | null;
}

function weekBars(palette: CardPalette, days: ProgressFacts['days']): CardNode {
  const highest = Math.max(1, ...days.map((d) => d.total));
  return box(
    { alignItems: 'flex-end', height: 150, marginLeft: 'auto' },
    ...days.map((d, index) =>
      box({
        width: 36,
        marginLeft: 14,
        borderRadius: 8,
        height: Math.max(6, Math.round((d.total / highest) * 150)),
        backgroundColor: index === days.length - 1 ? palette.brand : palette.border,
      }),
    ),
  );
}

export function progressCard(facts: ProgressFacts, t: CardTexts, palette: CardPalette): CardNode {
  const heading = facts.period === 'day' ? t.today : t.lastSevenDays;
  const count = box(
    { alignItems: 'flex-end' },
    box(
      { flexDirection: 'column' },
      text(facts.username, { fontSize: 30, fontWeight: 700, color: palette.muted, marginBottom: 4 }),
      box(
        { alignItems: 'baseline' },
        text(t.number(facts.count), { fontSize: 148, fontWeight: 800, color: palette.brand, lineHeight: 1 }),
        text(t.pushups, { fontSize: 44, fontWeight: 700, color: palette.text, marginLeft: 20 }),
      ),
    ),
    ...(facts.period === 'week' ? [weekBars(palette, facts.days)] : []),
  );
  const goal = facts.goal
    ? box(
        { flexDirection: 'column', marginTop: 28 },
        text(t.goalOf(facts.goal.done, facts.goal.target), {
          fontSize: 28,
          fontWeight: 700,
          color: palette.text,
          marginBottom: 12,
        }),
        progressBar(palette, facts.goal.done / facts.goal.target),
      )
    : text(t.noGoal, { fontSize: 26, color: palette.muted, marginTop: 28 });
  const streak = box(
    {
      marginTop: 24,
      alignSelf: 'flex-start',
      padding: '8px 20px',
      borderRadius: 999,
      backgroundColor: palette.brandSoft,
      color: palette.brand,
      fontSize: 28,
      fontWeight: 700,
    },
    t.dayStreak(facts.streak),
  );
  return frame(palette, heading, box({ flexDirection: 'column' }, count, goal, streak), t.footer);
}
