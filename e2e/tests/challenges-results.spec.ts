import type { Page } from '@playwright/test';
import { callApi, logPushupsViaApi, markAchievementsSeenViaApi } from '../support/api';
import {
  checkBothThemes,
  createChallengeViaApi,
  day,
  endChallengeYesterday,
  joinChallengeViaApi,
  todayIn,
} from '../support/challenges';
import { expect, test } from '../support/fixtures';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { registeredUser, tokenOf } from '../support/users';
import { signInAs, toast } from './group-pages';

// A challenge's end (docs/product.md, "Group challenges: screens"): deleting one, and the result box
// of a finished race, 'everyone to N' and 'together to N'.
test.slow();

/** An admin signed in on `page`, with a group and a member, mia, in it (through the API). */
async function groupWithMia(page: Page, prefix: string) {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const group = await createGroupViaApi(adminToken, groupName(prefix));
  const mia = await registeredUser('mia');
  const link = await createInviteViaApi(adminToken, group.id);
  await acceptInviteViaApi(mia.token, link.code);
  return { admin, adminToken, group, mia };
}

test('an admin deletes a running challenge after a dialog naming it; the members no longer see it, and a member who may not delete has no such action', async ({
  page,
  otherPerson,
}) => {
  const { admin, adminToken, group, mia } = await groupWithMia(page, 'Delete club');
  const race = await createChallengeViaApi(adminToken, group.id, {
    name: 'Doomed race',
    kind: 'race',
    startDay: day(0).day,
    endDay: day(6).day,
  });
  await joinChallengeViaApi(mia.token, group.id, race.id);
  const challengeUrl = `/groups/${group.id}/challenges/${race.id}`;

  // A member who neither administers the group nor created the challenge sees no way to delete it,
  // and the server refuses her (docs/security.md, "Authorization matrix").
  const member = await otherPerson();
  await signInAs(member, mia.email);
  const rolesAnswered = member.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/groups',
  );
  await member.goto(challengeUrl);
  await expect(member.getByRole('heading', { level: 1, name: 'Doomed race' })).toBeVisible();
  await rolesAnswered;
  await expect(member.getByRole('button', { name: 'Leave challenge' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Delete challenge' })).toHaveCount(0);
  await callApi(mia.token, 'DELETE', `/api/groups/${group.id}/challenges/${race.id}`, undefined, 403);

  // The admin opens the dialog by keyboard; Escape closes it and gives the keyboard back. The first
  // group's achievement was announced on another device: axe and the pictures see the dialog alone.
  await markAchievementsSeenViaApi(adminToken);
  await page.goto(challengeUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Doomed race' })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete challenge' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete “Doomed race”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('removed for everyone in the group');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await checkBothThemes(page, 'challenge-delete-dialog', dialog, { reload: false, fullPage: false });

  // A failure shows in the dialog, which stays open with its buttons usable: no spinner left turning.
  let failOnce = true;
  await page.route(`**/api/groups/${group.id}/challenges/${race.id}`, (route) => {
    if (route.request().method() !== 'DELETE' || !failOnce) return route.fallback();
    failOnce = false;
    return route.fulfill({ status: 500, body: '' });
  });
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Could not delete the challenge.');
  await expect(confirm).toBeEnabled();
  await expect(confirm).not.toHaveAttribute('aria-busy', 'true');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();

  // Confirmed: the group's home, without it, and a message saying so.
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(toast(page, 'The challenge “Doomed race” was deleted.')).toBeVisible();
  const section = page.getByRole('region', { name: 'Challenges' });
  await expect(section).toContainText('No challenges yet');
  await expect(section.getByRole('link', { name: /Doomed race/ })).toHaveCount(0);
  // The feed keeps the line of its start, without a link.
  const started = page
    .getByRole('list', { name: 'Group feed' })
    .getByRole('listitem')
    .filter({ hasText: `${admin.username} started the challenge Doomed race` });
  await expect(started).toBeVisible();
  await expect(started.getByRole('link', { name: 'Doomed race' })).toHaveCount(0);

  // The member no longer finds it: its page says so, her group's home lists nothing.
  await member.reload();
  await expect(member.getByText('Challenge not found')).toBeVisible();
  await member.goto(`/groups/${group.id}`);
  await expect(member.getByRole('region', { name: 'Challenges' })).toContainText('No challenges yet');
});

test('a member who created a challenge may delete it only before it starts', async ({
  page,
  otherPerson,
}) => {
  const { adminToken, group } = await groupWithMia(page, 'Creator club');
  const member = await registeredUser('noor');
  const link = await createInviteViaApi(adminToken, group.id);
  await acceptInviteViaApi(member.token, link.code);
  await callApi(adminToken, 'PATCH', `/api/groups/${group.id}/challenge-settings`, {
    membersMayCreateChallenges: true,
  });
  const upcoming = await createChallengeViaApi(member.token, group.id, {
    name: 'Next week race',
    kind: 'race',
    startDay: day(1).day,
    endDay: day(7).day,
  });
  const running = await createChallengeViaApi(member.token, group.id, {
    name: 'This week race',
    kind: 'race',
    startDay: day(0).day,
    endDay: day(6).day,
  });
  const creator = await otherPerson();
  await signInAs(creator, member.email);
  await creator.goto(`/groups/${group.id}/challenges/${upcoming.id}`);
  await expect(creator.getByRole('heading', { level: 1, name: 'Next week race' })).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Delete challenge' })).toBeVisible();
  // In German too; Cancel gives the keyboard back to the button that opened the dialog.
  await creator.getByRole('button', { name: 'Language and theme' }).click();
  await creator.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(creator.locator('html')).toHaveAttribute('lang', 'de');
  await creator.keyboard.press('Escape');
  const remove = creator.getByRole('button', { name: 'Challenge löschen' });
  await remove.click();
  const dialog = creator.getByRole('dialog', { name: '„Next week race“ löschen?' });
  await expect(dialog).toContainText('für alle in der Gruppe entfernt');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  const rolesAnswered = creator.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/groups',
  );
  await creator.goto(`/groups/${group.id}/challenges/${running.id}`);
  await expect(creator.getByRole('heading', { level: 1, name: 'This week race' })).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Challenge verlassen' })).toBeVisible();
  await rolesAnswered;
  await expect(creator.getByRole('button', { name: 'Challenge löschen' })).toHaveCount(0);
});

test('a finished everyone-to-N and together-to-N challenge of two show who reached N and the group’s total', async ({
  page,
}) => {
  const { admin, adminToken, group, mia } = await groupWithMia(page, 'Goal end club');
  const everyone = await createChallengeViaApi(adminToken, group.id, {
    name: 'Fifty each',
    kind: 'everyone',
    target: 50,
    startDay: day(-1).day,
    endDay: day(0).day,
  });
  const together = await createChallengeViaApi(adminToken, group.id, {
    name: 'Seventy together',
    kind: 'together',
    target: 70,
    startDay: day(-1).day,
    endDay: day(0).day,
  });
  for (const challenge of [everyone, together]) await joinChallengeViaApi(mia.token, group.id, challenge.id);
  await logPushupsViaApi(adminToken, 60, day(-1).noon, 'UTC');
  await logPushupsViaApi(mia.token, 20, day(-1).noon, 'UTC');
  // Logged today, after the end: not counted.
  await logPushupsViaApi(mia.token, 40, new Date().toISOString(), 'UTC');
  for (const challenge of [everyone, together])
    await endChallengeYesterday(adminToken, group.id, challenge.id);

  await page.goto(`/groups/${group.id}/challenges/${everyone.id}`);
  const everyoneHeading = page.getByRole('heading', { level: 1, name: 'Fifty each' });
  await expect(everyoneHeading).toBeVisible();
  await expect(page.getByText(`Reached the goal: ${admin.username}.`)).toBeVisible();
  await expect(page.getByText('The group’s total: 80 push-ups.')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Participants' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'You' })).toContainText('60 of 50 (100 %)');
  await expect(rows.filter({ hasText: 'You' })).toContainText('reached N');
  await expect(rows.filter({ hasText: mia.username })).toContainText('20 of 50 (40 %)');
  await expect(rows.filter({ hasText: mia.username })).not.toContainText('reached N');
  await checkBothThemes(page, 'challenge-finished-everyone', everyoneHeading);

  await page.goto(`/groups/${group.id}/challenges/${together.id}`);
  const togetherHeading = page.getByRole('heading', { level: 1, name: 'Seventy together' });
  await expect(togetherHeading).toBeVisible();
  await expect(page.getByText('The group reached the goal together.')).toBeVisible();
  await expect(page.getByText('The group’s total: 80 push-ups.')).toBeVisible();
  await expect(page.getByText('Together: 80 of 70')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await checkBothThemes(page, 'challenge-finished-together', togetherHeading);
});

test('a challenge over in the viewer’s days while a participant’s last day goes on shows as finished, its result not fixed yet', async ({
  page,
  otherPerson,
}) => {
  const { adminToken, group, mia } = await groupWithMia(page, 'Zones club');
  // The creator takes part from the zone furthest behind (UTC-12); mia looks from the one furthest
  // ahead (UTC+14), 26 hours on: her today is always after the creator's.
  const behind = 'Etc/GMT+12';
  const lastDay = todayIn(behind);
  const race = await createChallengeViaApi(
    adminToken,
    group.id,
    { name: 'Around the world', kind: 'race', startDay: lastDay, endDay: lastDay },
    behind,
  );
  const ahead = await otherPerson({ timezoneId: 'Pacific/Kiritimati' });
  await signInAs(ahead, mia.email);
  await ahead.goto(`/groups/${group.id}/challenges/${race.id}`);
  const heading = ahead.getByRole('heading', { level: 1, name: 'Around the world' });
  await expect(heading).toBeVisible();
  await expect(ahead.getByText('Finished', { exact: true })).toBeVisible();
  await expect(ahead.getByText(/^Not fixed yet: some participants’ last day is not over/)).toBeVisible();
  await expect(ahead.getByText(/won\.$/)).toHaveCount(0);
  await expect(ahead.getByRole('heading', { name: 'Standings so far' })).toBeVisible();
  // Over for her, so she can no longer join.
  await expect(ahead.getByRole('button', { name: /Join challenge|Leave challenge/ })).toHaveCount(0);
  await checkBothThemes(ahead, 'challenge-finished-not-fixed', heading);
});
