import { expect, type Page, test } from '@playwright/test';
import { ACHIEVEMENTS, addDays } from '@pushup/shared';
import { callApi, idTokenFor, logPushupsViaApi } from '../support/api';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { signInWithStoredSession } from '../support/session';
import { PASSWORD, registeredUser, tokenOf } from '../support/users';

// Streaks, records and achievements (docs/product.md, "Streaks" to "Achievements"), in a zone
// where the page's days and the seeded entries' days are the same.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const today = () => new Date().toISOString().slice(0, 10);
const noonOf = (day: string) => `${day}T12:00:00.000Z`;

async function logThroughUi(page: Page, count: number) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
}

/**
 * Waits for the announcement of what was just earned and checks it names `titles`. There is one
 * announcement at a time: what is earned while one is on screen joins it (docs/product.md,
 * "Achievements"), so it may also name what it announced a moment before.
 */
async function expectAnnouncement(page: Page, ...titles: string[]) {
  const announcement = page.getByRole('region', {
    name: /^(Achievement unlocked!|\d+ achievements unlocked!)$/,
  });
  await expect(announcement).toHaveCount(1);
  for (const title of titles) await expect(announcement).toContainText(title);
  expect(await announcement.getByRole('listitem').count()).toBeGreaterThanOrEqual(titles.length);
}

test('the dashboard shows the streak and the records; logging today keeps the streak', async ({ page }) => {
  // Logged on another device before this one signs in: the first page this device shows announces
  // what they earned (a page shown between the logs may have announced it already).
  const { email, token } = await registeredUser('streak');
  for (const [offset, count] of [
    [-3, 20],
    [-2, 35],
    [-1, 25],
  ] as const) {
    await logPushupsViaApi(token, count, noonOf(addDays(today(), offset)), 'UTC');
  }
  await signInWithStoredSession(page, email, PASSWORD);
  await expectAnnouncement(page, 'First Rep');

  // The hero is named by its heading: today's push-ups once there are some.
  const hero = page.getByRole('region', { name: /^(Ready for today's set\?|[\d,]+ pushups? today)$/ });
  await expect(hero).toContainText('3-day streak');
  await expect(hero).toContainText('Log today to keep your streak');

  const records = page.getByRole('region', { name: 'Records' });
  await expect(records.getByRole('definition').filter({ hasText: /^35$/ })).toBeVisible();
  await expect(records).toContainText('Best day');
  await expect(records).toContainText('80'); // the total
  await expect(records).toContainText('26.7'); // 80 / 3 active days

  await logThroughUi(page, 40);
  await expectAnnouncement(page, 'Century');
  await expect(hero).toContainText('4-day streak');
  await expect(hero).not.toContainText('Log today to keep your streak');
  await expect(records).toContainText('120');

  await page.goto('/profile');
  const streak = page.getByRole('region', { name: 'Streak' });
  await expect(streak).toContainText('Longest');
  await expect(streak).toContainText('4-day streak');
  await expect(streak.getByRole('radio', { name: '0' })).toBeChecked();
  await streak.getByText('1', { exact: true }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Streak' }).getByRole('radio', { name: '1' })).toBeChecked();
});

test('a newly earned achievement is announced once, and the profile lists it with its date and the progress of the others', async ({
  page,
}) => {
  await signedInNewUser(page, 'achieve');
  await logThroughUi(page, 60);
  await expectAnnouncement(page, 'First Rep', 'Solid Day');

  // Announced once: not again after a reload.
  await page.reload();
  await expect(page.getByText('60 recorded')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: /achievements? unlocked!/ })).toBeHidden();

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Achievements' });
  await expect(card).toContainText(`2 of ${ACHIEVEMENTS.length} earned`);
  const firstRep = card.getByRole('listitem').filter({ hasText: 'First Rep' });
  await expect(firstRep).toContainText(/Earned \w+ \d+, \d{4}/);
  const century = card.getByRole('listitem').filter({ hasText: 'Century' });
  await expect(century).toContainText('60 / 100');
  await expect(century.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
});

test('beating the best day is cheered once: New personal best!', async ({ page }) => {
  const { email } = await signedInNewUser(page, 'best');
  const token = await idTokenFor(email, PASSWORD);
  await logPushupsViaApi(token, 30, noonOf(addDays(today(), -1)), 'UTC');
  await page.reload();
  await expectAnnouncement(page, 'First Rep');
  await expect(page.getByText('30 recorded')).toBeVisible();

  await logThroughUi(page, 20);
  await expect(page.getByText('50 recorded')).toBeVisible();
  await expect(page.getByText('New personal best!')).toBeHidden();

  await logThroughUi(page, 15);
  await expect(page.getByText('New personal best!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('65 recorded')).toBeVisible();
  await expect(page.getByText('New personal best!')).toBeHidden();
});

test('group members see each other’s latest achievements on the group page', async ({ page }) => {
  const { email, username } = await signedInNewUser(page, 'groupach');
  const token = await idTokenFor(email, PASSWORD);
  const group = await createGroupViaApi(token, `Medal Crew ${Date.now() % 100000}`);
  const friend = await registeredUser('friend');
  const { code } = await createInviteViaApi(token, group.id);
  await acceptInviteViaApi(await tokenOf(friend.email), code);
  const friendToken = await tokenOf(friend.email);
  await logPushupsViaApi(friendToken, 50, new Date(Date.now() - 60_000).toISOString(), 'UTC');
  await logPushupsViaApi(friendToken, 60, new Date().toISOString(), 'UTC');

  await page.goto('/groups');
  await expectAnnouncement(page, 'Team Player');
  // A member's row: the list item with their name that holds their achievements (the group's
  // header also names its creator in a list item).
  const latestOf = (name: string) =>
    page.getByRole('listitem').filter({ hasText: name }).getByRole('list', { name: 'Latest achievements' });
  const latest = latestOf(friend.username);
  // The second entry earned Century (110 in all) and Hundred Day (110 today): the newest three.
  await expect(latest.getByRole('listitem')).toHaveCount(3);
  await expect(latest).toContainText('Century');
  await expect(latest).toContainText('Hundred Day');
  await expect(latestOf(username)).toContainText('Team Player');
  // What the server answers to a member is what the page shows.
  const answer = await callApi<{ username: string; latest: { id: string }[] }[]>(
    token,
    'GET',
    `/api/groups/${group.id}/achievements`,
  );
  expect(answer.find((member) => member.username === friend.username)?.latest).toHaveLength(3);
});
