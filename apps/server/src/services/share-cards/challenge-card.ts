import { box, type CardNode, type CardPalette, frame, stat, text } from './card-style';
import type { CardTexts } from './card-texts';

/** What the challenge picture shows: its name, group, the leaders and, once fixed, the result. */
export interface ChallengeFacts {
  name: string;
  groupName: string;
  /** Whether the result is fixed. */
  finished: boolean;
  /** Of a challenge with a target N, whether it was reached (null without one or while running). */
  reachedTarget: boolean | null;
  winners: string[];
  groupTotal: number;
  participantCount: number;
  /** The first three by rank. */
  leaders: { username: string; total: number; rank: number }[];
}

function leaderRow(palette: CardPalette, t: CardTexts, leader: ChallengeFacts['leaders'][number]): CardNode {
  return box(
    { alignItems: 'center', marginBottom: 10 },
    text(`${leader.rank}.`, { fontSize: 30, fontWeight: 800, color: palette.brand, width: 56 }),
    text(leader.username, { fontSize: 30, fontWeight: 700, color: palette.text, width: 330 }),
    text(t.number(leader.total), {
      fontSize: 30,
      color: palette.muted,
      width: 110,
      justifyContent: 'flex-end',
    }),
  );
}

export function challengeCard(facts: ChallengeFacts, t: CardTexts, palette: CardPalette): CardNode {
  const heading = facts.finished ? t.challengeResult : t.challengeStandings;
  const outcome: CardNode[] = [];
  if (facts.finished && facts.winners.length > 0) {
    outcome.push(
      text(`${t.winners}: ${facts.winners.join(', ')}`, {
        fontSize: 32,
        fontWeight: 700,
        color: palette.brand,
        marginTop: 12,
      }),
    );
  }
  if (facts.finished && facts.reachedTarget !== null) {
    outcome.push(
      text(facts.reachedTarget ? t.targetReached : t.targetMissed, {
        fontSize: 32,
        fontWeight: 700,
        color: palette.brand,
        marginTop: 12,
      }),
    );
  }
  const body = box(
    { flexDirection: 'column' },
    text(facts.groupName, { fontSize: 28, fontWeight: 700, color: palette.muted }),
    text(facts.name, { fontSize: 64, fontWeight: 800, color: palette.text, lineHeight: 1.1, marginTop: 4 }),
    ...outcome,
    box(
      { marginTop: 28, alignItems: 'flex-start' },
      box(
        { flexDirection: 'column', width: 496, marginRight: 48 },
        ...facts.leaders.map((leader) => leaderRow(palette, t, leader)),
      ),
      stat(palette, t.number(facts.groupTotal), t.groupTotal),
      stat(palette, t.number(facts.participantCount), t.participants),
    ),
  );
  return frame(palette, heading, body, t.footer);
}
