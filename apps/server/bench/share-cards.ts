/**
 * `npm run bench:share-cards -w @pushup/server`: how long a share picture takes to draw afresh
 * (docs/performance.md, "Share pictures"), each kind in light and dark, English and German, with no
 * cache: prints the median and the slowest of each. `--save <dir>` also writes every picture there
 * as a PNG, to look at.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drawPng } from '../src/services/share-cards/card-renderer';
import type { CardTheme } from '../src/services/share-cards/card-style';
import {
  type CardRequest,
  cardLayout,
  type ShareCard,
} from '../src/services/share-cards/share-cards.service';

const RUNS = 15;

const SAMPLES: Record<string, ShareCard> = {
  day: {
    kind: 'progress',
    facts: {
      period: 'day',
      username: 'alex_runner',
      count: 85,
      days: [],
      streak: 12,
      goal: { done: 7340, target: 10_000 },
    },
  },
  week: {
    kind: 'progress',
    facts: {
      period: 'week',
      username: 'alex_runner',
      count: 512,
      days: [40, 75, 0, 120, 90, 102, 85].map((total, i) => ({ day: `2026-11-${21 + i}`, total })),
      streak: 3,
      goal: null,
    },
  },
  achievement: {
    kind: 'achievement',
    facts: {
      id: 'total-1000',
      title: 'Thousand Club',
      target: 1000,
      username: 'alex_runner',
      earnedDay: '2026-11-27',
    },
  },
  challenge: {
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
        { username: 'jo', total: 880, rank: 3 },
      ],
    },
  },
  profile: {
    kind: 'profile',
    facts: { username: 'alex_runner', total: 23_450, currentStreak: 12, longestStreak: 64, achievements: 9 },
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main() {
  const saveAt = process.argv.indexOf('--save');
  const dir = saveAt >= 0 ? process.argv[saveAt + 1] : undefined;
  if (dir) await mkdir(dir, { recursive: true });
  // The first drawing loads the fonts and compiles satori's layout engine: not what a card costs.
  await drawPng(cardLayout({ card: SAMPLES.day as ShareCard, language: 'en', theme: 'light' }));
  const all: number[] = [];
  for (const [name, card] of Object.entries(SAMPLES)) {
    for (const theme of ['light', 'dark'] as CardTheme[]) {
      for (const language of ['en', 'de'] as const) {
        const request: CardRequest = { card, language, theme };
        const times: number[] = [];
        let png: Buffer | undefined;
        for (let run = 0; run < RUNS; run += 1) {
          const start = performance.now();
          png = await drawPng(cardLayout(request));
          times.push(performance.now() - start);
        }
        all.push(...times);
        if (dir && png) await writeFile(path.join(dir, `${name}-${theme}-${language}.png`), png);
        console.log(
          `${`${name} ${theme} ${language}`.padEnd(26)} median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms, ${png?.length ?? 0} bytes`,
        );
      }
    }
  }
  console.log(`every picture drawn afresh: median ${median(all).toFixed(1)} ms over ${all.length} drawings`);
}

await main();
