import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { checkPage } from './a11y';
import { callApi } from './api';
import { E2E } from './env';

/**
 * Group challenges for the browser tests (docs/product.md, "Group challenges, cheers and the feed"):
 * days relative to today, challenges made and joined through the API, and a challenge ended early in
 * the database for a finished result.
 */

/** `YYYY-MM-DD` of `offset` days from today in UTC (the browser's zone here), and noon of it. */
export function day(offset: number): { day: string; noon: string } {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  const iso = date.toISOString().slice(0, 10);
  return { day: iso, noon: `${iso}T12:00:00.000Z` };
}

/** Today's `YYYY-MM-DD` in `timeZone`. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/**
 * A challenge made through the API by `token`'s user, who joins it as its creator in `timeZone`
 * (X-Timezone: their days, and the window's end, are that zone's).
 */
export async function createChallengeViaApi(
  token: string,
  groupId: string,
  body: Record<string, unknown>,
  timeZone = 'UTC',
): Promise<{ id: string; name: string }> {
  const response = await fetch(`${E2E.baseUrl}/api/groups/${groupId}/challenges`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Timezone': timeZone },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) {
    throw new Error(`POST a challenge answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as { id: string; name: string };
}

export function joinChallengeViaApi(token: string, groupId: string, challengeId: string): Promise<unknown> {
  return callApi(
    token,
    'PUT',
    `/api/groups/${groupId}/challenges/${challengeId}/participation`,
    undefined,
    204,
  );
}

interface ChallengeResult {
  result: { winners: { username: string }[]; groupTotal: number } | null;
}

/**
 * Makes a challenge of UTC participants, started yesterday, end yesterday, in the server's SQLite
 * database, then waits until a read has fixed its result. The server takes a start at most one day
 * back and lets nobody join once their end day is over, so a finished challenge with several
 * participants needs days to pass; this moves its end instead, where the server would have put it
 * (`challengeWindow`: the instant after the end day in the participants' one zone, today 00:00 UTC).
 */
export async function endChallengeYesterday(
  token: string,
  groupId: string,
  challengeId: string,
): Promise<ChallengeResult['result']> {
  const endDay = day(-1).day;
  const endsAt = `${day(0).day}T00:00:00.000Z`;
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update challenges set end_day = ?, ends_at = ? where id = ? and fixed_at is null')
      .run(process.argv[2], process.argv[3], process.argv[4]).changes;
    db.close();
    if (changed !== 1) { console.error('no open challenge ' + process.argv[4]); process.exit(1); }
  `;
  execFileSync(
    process.execPath,
    ['-e', script, path.join(E2E.dataDir, 'pushups.db'), endDay, endsAt, challengeId],
    { cwd: path.join(E2E.repoRoot, 'apps', 'server'), stdio: 'pipe' },
  );
  // The page's participants are cached for a moment (reads/challenge-page.ts): the result is fixed by
  // the first read that sees the new end.
  let result: ChallengeResult['result'] = null;
  await expect
    .poll(async () => {
      ({ result } = await callApi<ChallengeResult>(
        token,
        'GET',
        `/api/groups/${groupId}/challenges/${challengeId}`,
      ));
      return result !== null;
    })
    .toBe(true);
  return result;
}

/**
 * axe and a screenshot at both widths in both colour schemes (checkPage); with E2E_SHOTS_DIR set,
 * the screenshots are copied there too, for a person to look at.
 */
export async function checkBothThemes(
  page: Page,
  name: string,
  ready: Locator,
  options: { reload?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  const { reload = true, fullPage = true } = options;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (reload) await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await checkPage(page, `${name}-${colorScheme}`, ready, { untilToastsLeave: reload, fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
