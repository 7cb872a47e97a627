import type { Locator, Page } from '@playwright/test';
import { callApi, markAchievementsSeenViaApi } from '../support/api';
import { checkBothThemes, day } from '../support/challenges';
import { expect, test } from '../support/fixtures';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { registeredUser, tokenOf } from '../support/users';

// The new-challenge form by keyboard alone (docs/product.md, "Group challenges: screens"): a member
// reaches it, fills every field and submits with Tab, Shift+Tab, the arrows, Space and Enter; a
// refusal shows at its field, takes the keyboard there and keeps everything typed.
test.slow();
// The date fields' order (month, day, year) is the browser's locale's.
test.use({ locale: 'en-US' });

/** Presses `key` until `target` has the keyboard: it must be reachable within `most` presses. */
async function pressUntilFocused(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab', most = 40) {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached by ${key}`).toBeFocused();
}

/** A day typed into a focused date field, as en-US orders it: month, day, year. */
async function typeDay(page: Page, isoDay: string) {
  const [year, month, date] = isoDay.split('-');
  await page.keyboard.type(`${month}${date}${year}`);
}

test('a member creates a challenge with the keyboard alone; bad input is named at its field and nothing typed is lost', async ({
  page,
}) => {
  const member = await signedInNewUser(page, 'mia');
  const admin = await registeredUser('coach');
  const group = await createGroupViaApi(admin.token, groupName('Keys club'));
  const link = await createInviteViaApi(admin.token, group.id);
  await acceptInviteViaApi(await tokenOf(member.email), link.code);
  await callApi(admin.token, 'PATCH', `/api/groups/${group.id}/challenge-settings`, {
    membersMayCreateChallenges: true,
  });

  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  const section = page.getByRole('region', { name: 'Challenges' });
  const open = section.getByRole('button', { name: 'New challenge' });
  await pressUntilFocused(page, open, 'Tab', 80);
  await page.keyboard.press('Enter');
  const form = section.getByRole('form', { name: 'New challenge' });
  const name = form.getByLabel('Name');
  // The form takes the keyboard to its first field; Cancel gives it back to 'New challenge'.
  await expect(name).toBeFocused();
  await pressUntilFocused(page, form.getByRole('button', { name: 'Cancel' }), 'Tab');
  await page.keyboard.press('Space');
  await expect(form).toHaveCount(0);
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();

  // Name, then start and end (an end before the start), then back to the kind and on to N (0) and
  // the minimum.
  await page.keyboard.type('Keyboard week');
  const start = form.getByLabel('Start day');
  const end = form.getByLabel('End day');
  await pressUntilFocused(page, start, 'Tab');
  await typeDay(page, day(1).day);
  await pressUntilFocused(page, end, 'Tab');
  await typeDay(page, day(0).day);
  await expect(start).toHaveValue(day(1).day);
  await expect(end).toHaveValue(day(0).day);
  const race = form.getByRole('radio', { name: 'Race: most push-ups wins' });
  await pressUntilFocused(page, race, 'Shift+Tab');
  await page.keyboard.press('ArrowDown');
  const everyone = form.getByRole('radio', { name: 'Everyone to N' });
  await expect(everyone).toBeChecked();
  await expect(everyone).toBeFocused();
  const target = form.getByLabel('N: push-ups to reach');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.type('0');
  const minimum = form.getByLabel('Minimum per day (optional)');
  await pressUntilFocused(page, minimum, 'Tab');
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');

  // Each refusal at its field, with the keyboard there, and everything typed kept.
  const kept = async () => {
    await expect(name).toHaveValue('Keyboard week');
    await expect(everyone).toBeChecked();
    await expect(start).toHaveValue(day(1).day);
    await expect(minimum).toHaveValue('10');
  };
  await expect(target).toHaveAccessibleDescription(
    /The target must be a whole number between 1 and 1,000,000/,
  );
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(target).toBeFocused();
  await expect(target).toHaveValue('0');
  await kept();
  await page.keyboard.press('Backspace');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');

  await expect(end).toHaveAccessibleDescription('The end day must not be before the start day');
  await expect(end).toBeFocused();
  await expect(end).toHaveValue(day(0).day);
  await expect(target).toHaveValue('100');
  await expect(target).not.toHaveAttribute('aria-invalid', 'true');
  await kept();
  // Longer than a year: 367 days.
  await typeDay(page, day(367).day);
  await page.keyboard.press('Enter');
  await expect(end).toHaveAccessibleDescription('A challenge can last at most 366 days');
  await expect(end).toBeFocused();
  await expect(end).toHaveValue(day(367).day);
  await kept();

  // Right at last: submitted with Enter, the new challenge's page opens. The keyboard is still on the
  // end's last part (its year): back to the start and on into the end's first part, its month.
  await pressUntilFocused(page, start, 'Shift+Tab');
  await pressUntilFocused(page, end, 'Tab');
  await typeDay(page, day(7).day);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard week' })).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(page.getByText(/Everyone to 100 · 1 taking part/)).toBeVisible();
  await expect(page.getByText('Days with fewer than 10 push-ups do not count.')).toBeVisible();
  // Its creator may delete it until it starts.
  await expect(page.getByRole('button', { name: 'Delete challenge' })).toBeVisible();
});

test('the new-challenge form with a refusal at its field reads well in both themes at both widths', async ({
  page,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const token = await tokenOf(admin.email);
  const group = await createGroupViaApi(token, groupName('Form club'));
  // The first group's achievement was announced on another device: its announcement would cover the form.
  await markAchievementsSeenViaApi(token);
  await page.goto(`/groups/${group.id}`);
  const section = page.getByRole('region', { name: 'Challenges' });
  await section.getByRole('button', { name: 'New challenge' }).click();
  const form = section.getByRole('form', { name: 'New challenge' });
  await form.getByLabel('Name').fill('A rather long challenge name, still fine');
  await form.getByRole('radio', { name: 'Together to N' }).check();
  await form.getByLabel('N: push-ups to reach').fill('0');
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(form.getByLabel('N: push-ups to reach')).toHaveAccessibleDescription(
    /The target must be a whole number between 1 and 1,000,000/,
  );
  // The whole page, from its top (where the sticky top bar then sits).
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkBothThemes(page, 'challenge-new-form-refused', form, { reload: false });
});
