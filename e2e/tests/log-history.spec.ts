import { expect, type Locator, type Page, test } from '@playwright/test';
import { deletePushupViaApi, idTokenFor, logPushupsViaApi, type SeededEntry } from '../support/api';
import { dayLabel, signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// A zone with a half-hour offset and no daylight saving, so that every instant has one obvious local
// time: the page must show entries in the browser's zone, not in UTC.
const TIME_ZONE = 'Asia/Kolkata';
const OFFSET_MS = (5 * 60 + 30) * 60_000;
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const DAY_MS = 86_400_000;

/** The local midnight (as an instant) of the day `nowMs` falls on in TIME_ZONE. */
function startOfLocalDay(nowMs: number): number {
  return Math.floor((nowMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
}

function localDayOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant at hh:mm local time on `day`. */
function localInstant(day: string, hours: number, minutes: number): string {
  const hh = String(hours).padStart(2, '0');
  const mm = String(minutes).padStart(2, '0');
  return new Date(`${day}T${hh}:${mm}:00+05:30`).toISOString();
}

/** The time as the page shows it ('7:30 AM'), as a pattern: Chromium may put a narrow space before AM/PM. */
function shownTime(iso: string): RegExp {
  const local = new Date(Date.parse(iso) + OFFSET_MS);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return new RegExp(`^${hours % 12 || 12}:${minutes}\\s${hours < 12 ? 'AM' : 'PM'}$`);
}

interface Seeded {
  today: string;
  yesterday: string;
  token: string;
  /** Today's entries as seeded: 15 earlier, 25 later (total 40). */
  todayEarlier: string;
  todayLater: string;
  /** Yesterday's 30 at 6:45 PM. */
  evening: SeededEntry;
}

/**
 * A new invited user with a username, signed in in the browser, with entries seeded through the API:
 * today 15 and 25 (newest last), yesterday 12 at 7:30 AM and 30 at 6:45 PM.
 */
async function userWithEntries(page: Page): Promise<Seeded> {
  const nowMs = Date.now();
  const start = startOfLocalDay(nowMs);
  // Today's entries must lie between local midnight and now, and the test must not cross midnight.
  test.skip(
    nowMs - start < 3 * 60_000 || start + DAY_MS - nowMs < 3 * 60_000,
    `too close to midnight in ${TIME_ZONE}: "today" would change under the test`,
  );
  const today = localDayOf(nowMs);
  const yesterday = localDayOf(start - 1);

  const { email } = await signedInNewUser(page, 'history');
  const token = await idTokenFor(email, PASSWORD);
  const todayEarlier = new Date(start + Math.floor((nowMs - start) / 2)).toISOString();
  const todayLater = new Date(nowMs - 1000).toISOString();
  // Logged out of order: the page sorts, newest first.
  await logPushupsViaApi(token, 25, todayLater, TIME_ZONE);
  await logPushupsViaApi(token, 15, todayEarlier, TIME_ZONE);
  await logPushupsViaApi(token, 12, localInstant(yesterday, 7, 30), TIME_ZONE);
  const evening = await logPushupsViaApi(token, 30, localInstant(yesterday, 18, 45), TIME_ZONE);
  return { today, yesterday, token, todayEarlier, todayLater, evening };
}

function entriesOf(page: Page, day: string): Locator {
  return page.getByRole('list', { name: dayLabel(day), exact: true }).getByRole('listitem');
}

function total(page: Page): Locator {
  return page.getByText(/^Total:\s/);
}

/** A day of the calendar, named by its date and, when it has entries, its total ('...: 42 pushups'). */
function calendarDay(page: Page, day: string): Locator {
  return page
    .getByRole('group', { name: /^Choose a day/ })
    .getByRole('button', { name: new RegExp(`^${dayLabel(day)}(: .*)?$`) });
}

async function chooseInCalendar(page: Page, day: string, today: string): Promise<void> {
  if (day.slice(0, 7) !== today.slice(0, 7)) {
    await page.getByRole('button', { name: 'Previous month' }).click();
  }
  await calendarDay(page, day).click();
}

test('a day’s entries, newest first, with times, counts and total; other days through the calendar and the URL', async ({
  page,
}) => {
  const { today, yesterday, todayEarlier, todayLater } = await userWithEntries(page);

  await page.goto('/log-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Log History' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: dayLabel(today) })).toBeVisible();
  const todays = entriesOf(page, today);
  await expect(todays).toHaveCount(2);
  await expect(todays.nth(0)).toContainText('25 pushups');
  await expect(todays.nth(0).locator('time')).toHaveText(shownTime(todayLater));
  await expect(todays.nth(1)).toContainText('15 pushups');
  await expect(todays.nth(1).locator('time')).toHaveText(shownTime(todayEarlier));
  await expect(total(page)).toHaveText('Total: 40 pushups');

  // Days with entries carry their total: the calendar's buttons are named by day and total; today is pressed.
  const calendar = page.getByRole('group', { name: /^Choose a day/ });
  await expect(
    calendar.getByRole('button', { name: `${dayLabel(today)}: 40 pushups`, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');

  await chooseInCalendar(page, yesterday, today);
  await expect(page).toHaveURL(new RegExp(`[?&]day=${yesterday}$`));
  await expect(page.getByRole('heading', { level: 2, name: dayLabel(yesterday) })).toBeVisible();
  const yesterdays = entriesOf(page, yesterday);
  await expect(yesterdays).toHaveCount(2);
  await expect(yesterdays.nth(0).locator('time')).toHaveText(/^6:45\sPM$/);
  await expect(yesterdays.nth(0)).toContainText('30 pushups');
  await expect(yesterdays.nth(1).locator('time')).toHaveText(/^7:30\sAM$/);
  await expect(yesterdays.nth(1)).toContainText('12 pushups');
  await expect(total(page)).toHaveText('Total: 42 pushups');

  // A reload keeps the chosen day.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: dayLabel(yesterday) })).toBeVisible();
  await expect(entriesOf(page, yesterday)).toHaveCount(2);

  // A day without entries.
  await page.goto('/log-history?day=2025-01-01');
  await expect(page.getByRole('heading', { level: 2, name: 'Wednesday, January 1, 2025' })).toBeVisible();
  await expect(page.getByText('No pushups recorded for this date', { exact: true })).toBeVisible();
  await expect(total(page)).toBeHidden();

  // A day out of range falls back to today, and the address is cleaned up.
  await page.goto('/log-history?day=2999-01-01');
  await expect(page.getByRole('heading', { level: 2, name: dayLabel(today) })).toBeVisible();
  await expect(page).toHaveURL(/\/log-history$/);
  await expect(entriesOf(page, today)).toHaveCount(2);

  // Back to today from another day.
  await page.goto(`/log-history?day=${yesterday}`);
  await page.getByRole('button', { name: 'Back to today' }).click();
  await expect(page.getByRole('heading', { level: 2, name: dayLabel(today) })).toBeVisible();
  await expect(total(page)).toHaveText('Total: 40 pushups');
});

test('editing a count: Save updates the total and persists, Cancel and Escape keep it, empty means 0, out of range is refused', async ({
  page,
}) => {
  const { yesterday } = await userWithEntries(page);
  await page.goto(`/log-history?day=${yesterday}`);
  const entries = entriesOf(page, yesterday);
  await expect(entries).toHaveCount(2);

  // Cancel keeps the old value.
  await page.getByRole('button', { name: /^Edit entry of 7:30\sAM/ }).click();
  const input = page.getByRole('spinbutton', { name: /^Pushup count of entry of 7:30\sAM$/ });
  await expect(input).toHaveValue('12');
  await expect(input).toBeFocused();
  await input.fill('99');
  await page.getByRole('button', { name: /^Cancel editing entry of 7:30\sAM/ }).click();
  await expect(input).toBeHidden();
  await expect(entries.nth(1)).toContainText('12 pushups');
  await expect(total(page)).toHaveText('Total: 42 pushups');

  // Escape cancels too, and gives the keyboard back to the Edit button.
  await page.getByRole('button', { name: /^Edit entry of 7:30\sAM/ }).click();
  await input.fill('77');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await expect(page.getByRole('button', { name: /^Edit entry of 7:30\sAM/ })).toBeFocused();
  await expect(entries.nth(1)).toContainText('12 pushups');

  // Out of range: an inline message, and nothing is sent.
  let patches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/pushups/')) patches += 1;
  });
  await page.getByRole('button', { name: /^Edit entry of 7:30\sAM/ }).click();
  await input.fill('1001');
  await page.getByRole('button', { name: /^Save entry of 7:30\sAM/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'between 0 and 1000' })).toHaveText(
    'Pushup count must be a whole number between 0 and 1000',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(patches).toBe(0);

  // Save (Enter): toast, new count and total, kept after a reload.
  await input.fill('20');
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/pushups/'));
  await input.press('Enter');
  // The entry's own date goes with the count (docs/product.md, "Calls"), so it keeps its time.
  expect((await patch).postDataJSON()).toEqual({
    count: 20,
    date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  await expect(page.getByText('Pushup count updated successfully')).toBeVisible();
  await expect(input).toBeHidden();
  await expect(entries.nth(1)).toContainText('20 pushups');
  await expect(total(page)).toHaveText('Total: 50 pushups');
  await page.reload();
  await expect(entries.nth(1)).toContainText('20 pushups');
  await expect(total(page)).toHaveText('Total: 50 pushups');

  // An emptied input counts as 0.
  await page.getByRole('button', { name: /^Edit entry of 6:45\sPM/ }).click();
  const evening = page.getByRole('spinbutton', { name: /^Pushup count of entry of 6:45\sPM$/ });
  await evening.fill('');
  await page.getByRole('button', { name: /^Save entry of 6:45\sPM/ }).click();
  await expect(page.getByText('Pushup count updated successfully')).toBeVisible();
  await expect(entries.nth(0)).toContainText('0 pushups');
  await expect(total(page)).toHaveText('Total: 20 pushups');
  await page.reload();
  await expect(entries.nth(0)).toContainText('0 pushups');
});

test('deleting an entry asks first; Delete fades it out, removes it and updates the total', async ({
  page,
}) => {
  const { yesterday } = await userWithEntries(page);
  await page.goto(`/log-history?day=${yesterday}`);
  const entries = entriesOf(page, yesterday);
  await expect(entries).toHaveCount(2);

  // Cancel keeps the entry.
  await page.getByRole('button', { name: /^Delete entry of 6:45\sPM/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
  await expect(dialog).toContainText('30 pushups');
  await expect(dialog).toContainText(/6:45\sPM/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(entries).toHaveCount(2);

  // Delete: the entry fades out, the call follows 300 ms later, then the entry leaves the list.
  // The server's answer is held back until the faded state has been seen, however slowly a loaded
  // machine runs the fade's transition.
  let releaseAnswer: () => void = () => undefined;
  const answerHeld = new Promise<void>((resolve) => {
    releaseAnswer = resolve;
  });
  await page.route('**/api/pushups/*', async (route) => {
    if (route.request().method() === 'DELETE') await answerHeld;
    await route.fallback();
  });
  await page.getByRole('button', { name: /^Delete entry of 6:45\sPM/ }).click();
  const request = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/api/pushups/'));
  const confirmed = Date.now();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await request;
  expect(Date.now() - confirmed).toBeGreaterThanOrEqual(300);
  await expect(entries.nth(0)).toHaveCSS('opacity', '0');
  await expect(entries.nth(0)).toHaveAttribute('aria-busy', 'true');
  releaseAnswer();
  await expect(page.getByText('Pushup entry deleted successfully')).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.nth(0)).toContainText('12 pushups');
  await expect(total(page)).toHaveText('Total: 12 pushups');

  await page.reload();
  await expect(entries).toHaveCount(1);
  await expect(page.getByText(/6:45\sPM/)).toBeHidden();

  // The last one: the day is empty.
  await page.getByRole('button', { name: /^Delete entry of 7:30\sAM/ }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No pushups recorded for this date', { exact: true })).toBeVisible();
});

test('a delete that fails brings the entry back with an error', async ({ page, context }) => {
  const { yesterday } = await userWithEntries(page);
  await page.goto(`/log-history?day=${yesterday}`);
  const entries = entriesOf(page, yesterday);
  await expect(entries).toHaveCount(2);

  await page.getByRole('button', { name: /^Delete entry of 6:45\sPM/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
  await context.setOffline(true);
  try {
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Failed to delete pushup entry')).toBeVisible();
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('30 pushups');
    await expect(entries.nth(0)).toHaveCSS('opacity', '1');
    await expect(total(page)).toHaveText('Total: 42 pushups');
    // The keyboard is back on the entry's Delete button, ready for another try.
    await expect(page.getByRole('button', { name: /^Delete entry of 6:45\sPM/ })).toBeFocused();
  } finally {
    await context.setOffline(false);
  }

  await page.reload();
  await expect(entries).toHaveCount(2);
  await expect(total(page)).toHaveText('Total: 42 pushups');
});

test('a failed save keeps the edit open with the typed value; an entry deleted elsewhere is reported', async ({
  page,
  context,
}) => {
  const { yesterday, token, evening } = await userWithEntries(page);
  await page.goto(`/log-history?day=${yesterday}`);
  const entries = entriesOf(page, yesterday);
  await expect(entries).toHaveCount(2);

  // The connection drops: the count is not changed and the user's 31 is still there to retry.
  await page.getByRole('button', { name: /^Edit entry of 7:30\sAM/ }).click();
  const input = page.getByRole('spinbutton', { name: /^Pushup count of entry of 7:30\sAM$/ });
  await input.fill('31');
  await context.setOffline(true);
  try {
    await input.press('Enter');
    await expect(page.getByText('Failed to update pushup count')).toBeVisible();
    await expect(input).toHaveValue('31');
    await expect(input).toBeFocused();
    await expect(total(page)).toHaveText('Total: 42 pushups');
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('button', { name: /^Save entry of 7:30\sAM/ }).click();
  await expect(page.getByText('Pushup count updated successfully')).toBeVisible();
  await expect(total(page)).toHaveText('Total: 61 pushups');

  // The 6:45 PM entry is deleted on another device while this page still shows it.
  await deletePushupViaApi(token, evening.uuid);
  await page.getByRole('button', { name: /^Edit entry of 6:45\sPM/ }).click();
  await page.getByRole('spinbutton', { name: /^Pushup count of entry of 6:45\sPM$/ }).fill('35');
  await page.getByRole('button', { name: /^Save entry of 6:45\sPM/ }).click();
  await expect(page.getByText('Pushup entry not found')).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(total(page)).toHaveText('Total: 31 pushups');
});
