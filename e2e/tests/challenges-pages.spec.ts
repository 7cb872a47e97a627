import { checkPage } from '../support/a11y';
import { callApi, logPushupsViaApi } from '../support/api';
import { checkBothThemes, createChallengeViaApi, day, joinChallengeViaApi } from '../support/challenges';
import { expect, test } from '../support/fixtures';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { registeredUser, tokenOf } from '../support/users';
import { signInAs } from './group-pages';

// A group's challenges (docs/product.md, "Group challenges: screens"): an admin starts a race from
// the group's home, a member joins it with one tap and the race moves as the member logs.
test.slow();

test('an admin starts a race, a member joins it with one tap, and the race moves as the member logs', async ({
  page,
  otherPerson,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const group = await createGroupViaApi(adminToken, groupName('Race club'));
  const mia = await registeredUser('mia');
  const link = await createInviteViaApi(adminToken, group.id);
  await acceptInviteViaApi(mia.token, link.code);

  await page.goto(`/groups/${group.id}`);
  const section = page.getByRole('region', { name: 'Challenges' });
  await expect(section).toContainText('No challenges yet');
  await section.getByRole('button', { name: 'New challenge' }).click();
  const form = section.getByRole('form', { name: 'New challenge' });
  // The server's refusal shows at its field, and nothing typed is lost.
  await form.getByLabel('Name').fill('ab');
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(form.getByText('Challenge name must be between 3 and 40 characters')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('ab');
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Name').fill('November race');
  await expect(form.getByRole('radio', { name: 'Race: most push-ups wins' })).toBeChecked();
  await form.getByRole('button', { name: 'Create challenge' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'November race' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/challenges/`));
  const challengeUrl = new URL(page.url()).pathname;
  // The creator is in it; the button leaves.
  await expect(page.getByRole('button', { name: 'Leave challenge' })).toBeVisible();
  const participants = page.getByRole('list', { name: 'Participants' });
  await expect(participants.getByRole('listitem')).toHaveCount(1);

  // The member finds it on the group's home and joins with one tap.
  const member = await otherPerson();
  await signInAs(member, mia.email);
  await member.goto(`/groups/${group.id}`);
  const running = member.getByRole('list', { name: 'Running' });
  await running.getByRole('link', { name: /November race/ }).click();
  await expect(member).toHaveURL(new RegExp(`${challengeUrl}$`));
  await member.getByRole('button', { name: 'Join challenge' }).click();
  await expect(member.getByRole('button', { name: 'Leave challenge' })).toBeVisible();
  await expect(member.getByRole('status').filter({ hasText: 'You joined the challenge.' })).toBeAttached();
  await expect(member.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveCount(2);

  // The race moves as the member logs: the admin's page shows it once it asks again.
  await logPushupsViaApi(mia.token, 40, new Date().toISOString(), 'UTC');
  await page.reload();
  const first = participants.getByRole('listitem').first();
  await expect(first).toContainText(`#1 ${mia.username}`);
  await expect(first).toContainText('40 push-ups');
  await expect(participants.getByRole('listitem').last()).toContainText('#2 You');
  await expect(page.getByText(`${mia.username} (40)`)).toBeVisible();
  await logPushupsViaApi(adminToken, 55, new Date().toISOString(), 'UTC');
  await page.reload();
  await expect(participants.getByRole('listitem').first()).toContainText('#1 You');
  await expect(participants.getByRole('listitem').first()).toContainText('55 push-ups');
  await expect(page.getByText('All together')).toBeVisible();
  await expect(page.getByText('95 push-ups')).toBeVisible();

  await checkBothThemes(
    page,
    'challenge-running',
    page.getByRole('heading', { level: 1, name: 'November race' }),
  );
  await page.goto(`/groups/${group.id}`);
  await checkBothThemes(
    page,
    'challenge-group-home',
    page.getByRole('heading', { level: 1, name: group.name }),
  );
});

test('a member cheers another’s day from the group’s feed, takes it back, and the cheered member sees it on their dashboard', async ({
  page,
  otherPerson,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const group = await createGroupViaApi(adminToken, groupName('Feed club'));
  const mia = await registeredUser('mia');
  const link = await createInviteViaApi(adminToken, group.id);
  await acceptInviteViaApi(mia.token, link.code);
  const race = await createChallengeViaApi(adminToken, group.id, {
    name: 'Week race',
    kind: 'race',
    startDay: day(0).day,
    endDay: day(6).day,
  });
  await joinChallengeViaApi(mia.token, group.id, race.id);
  await logPushupsViaApi(mia.token, 25, new Date().toISOString(), 'UTC');

  await page.goto(`/groups/${group.id}`);
  const feed = page.getByRole('list', { name: 'Group feed' });
  const miaDay = feed.getByRole('listitem').filter({ hasText: `${mia.username}: 25 push-ups today` });
  await expect(miaDay).toBeVisible();
  await expect(
    feed.getByRole('listitem').filter({ hasText: `${mia.username} joined the challenge Week race` }),
  ).toBeVisible();
  await expect(
    feed.getByRole('listitem').filter({ hasText: `${admin.username} started the challenge Week race` }),
  ).toBeVisible();
  // The caller's own day has no Cheer button.
  const cheer = miaDay.getByRole('button', { name: `Cheer ${mia.username}’s day` });
  await expect(cheer).toHaveAttribute('aria-pressed', 'false');
  // By keyboard: focus and Enter.
  await cheer.focus();
  await page.keyboard.press('Enter');
  await expect(cheer).toHaveAttribute('aria-pressed', 'true');
  await expect(miaDay.getByRole('status')).toHaveText(`You cheered ${mia.username}.`);
  await expect(miaDay).toContainText('1 cheer');
  await checkBothThemes(page, 'challenge-feed', page.getByRole('heading', { level: 1, name: group.name }));

  // The cheered member sees who cheered on their dashboard, with the running race.
  const member = await otherPerson();
  await signInAs(member, mia.email);
  const yours = member.getByRole('region', { name: 'Your challenges' });
  await expect(yours.getByText(`Cheered by ${admin.username} today`)).toBeVisible();
  await expect(yours.getByRole('link', { name: /Week race/ })).toContainText('#1 with 25');
  // A cheer pushes only when the member turns it on (off by default).
  const pushSwitch = yours.getByRole('checkbox', { name: 'Tell me by push when someone cheers my day' });
  await expect(pushSwitch).not.toBeChecked();
  await pushSwitch.check();
  await expect(pushSwitch).toBeChecked();
  await expect
    .poll(async () => (await callApi<{ pushOnCheer: boolean }>(mia.token, 'GET', '/api/cheers')).pushOnCheer)
    .toBe(true);
  await member.setViewportSize({ width: 375, height: 812 });
  await checkPage(
    member,
    'challenge-dashboard-light',
    member.getByRole('region', { name: 'Your challenges' }),
    {
      untilToastsLeave: true,
    },
  );
  await yours.getByRole('link', { name: /Week race/ }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Week race' })).toBeVisible();

  // Taken back: the button is no longer pressed, and the dashboard no longer names the cheer.
  await page.reload();
  await expect(cheer).toHaveAttribute('aria-pressed', 'true');
  await cheer.click();
  await expect(cheer).toHaveAttribute('aria-pressed', 'false');
  await expect(miaDay.getByRole('status')).toHaveText(`You took back your cheer for ${mia.username}.`);
  await member.goto('/');
  await expect(member.getByRole('region', { name: 'Your challenges' })).toBeVisible();
  await expect(member.getByText(`Cheered by ${admin.username} today`)).toHaveCount(0);
});

test('a finished race shows its result: the winner and the group’s total', async ({ page }) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const group = await createGroupViaApi(adminToken, groupName('Done club'));
  // The server takes a start at most one day back: a race of yesterday alone is over today.
  await logPushupsViaApi(adminToken, 30, day(-1).noon, 'UTC');
  const race = await createChallengeViaApi(adminToken, group.id, {
    name: 'Yesterday race',
    kind: 'race',
    startDay: day(-1).day,
    endDay: day(-1).day,
  });
  await page.goto(`/groups/${group.id}/challenges/${race.id}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Yesterday race' });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible();
  await expect(page.getByText(`${admin.username} won.`)).toBeVisible();
  await expect(page.getByText('The group’s total: 30 push-ups.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Join challenge|Leave challenge/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toContainText(
    'winner',
  );
  await checkBothThemes(page, 'challenge-finished', heading);
  // Listed under Finished on the group's home.
  await page.goto(`/groups/${group.id}`);
  await expect(
    page.getByRole('list', { name: 'Finished' }).getByRole('link', { name: /Yesterday race/ }),
  ).toBeVisible();
});

test('a together and an everyone challenge show the group’s total against N, each one’s share and the caller’s pace; an admin lets members start challenges; in German too', async ({
  page,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const group = await createGroupViaApi(adminToken, groupName('Goal club'));
  const mia = await registeredUser('mia');
  const link = await createInviteViaApi(adminToken, group.id);
  await acceptInviteViaApi(mia.token, link.code);
  const together = await createChallengeViaApi(adminToken, group.id, {
    name: 'Thousand together',
    kind: 'together',
    target: 1000,
    startDay: day(0).day,
    endDay: day(6).day,
  });
  const everyone = await createChallengeViaApi(adminToken, group.id, {
    name: 'Two hundred each',
    kind: 'everyone',
    target: 200,
    startDay: day(0).day,
    endDay: day(6).day,
  });
  for (const challenge of [together, everyone]) await joinChallengeViaApi(mia.token, group.id, challenge.id);
  await logPushupsViaApi(mia.token, 100, new Date().toISOString(), 'UTC');
  await logPushupsViaApi(adminToken, 30, new Date().toISOString(), 'UTC');

  // Members may not start one until an admin allows it.
  const canCreate = async () =>
    (await callApi<{ canCreate: boolean }>(mia.token, 'GET', `/api/groups/${group.id}/challenges`)).canCreate;
  expect(await canCreate()).toBe(false);
  await page.goto(`/groups/${group.id}`);
  const allow = page.getByRole('checkbox', { name: 'Members may start challenges too' });
  await expect(allow).not.toBeChecked();
  await allow.check();
  await expect(allow).toBeChecked();
  await expect.poll(canCreate).toBe(true);

  await page.goto(`/groups/${group.id}/challenges/${together.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thousand together' })).toBeVisible();
  await expect(page.getByText('Together: 130 of 1,000')).toBeVisible();
  // 870 to go in 7 days: 125 a day (rounded up), by the end's weekday.
  await expect(page.getByText(/^125 a day to reach 1,000 by [A-Z][a-z]+day$/)).toBeVisible();

  await page.goto(`/groups/${group.id}/challenges/${everyone.id}`);
  const participants = page.getByRole('list', { name: 'Participants' });
  await expect(participants.getByRole('listitem').filter({ hasText: mia.username })).toContainText(
    '100 of 200 (50 %)',
  );
  await expect(participants.getByRole('listitem').filter({ hasText: 'You' })).toContainText(
    '30 of 200 (15 %)',
  );
  await expect(page.getByText(/^25 a day to reach 200 by [A-Z][a-z]+day$/)).toBeVisible();

  // German: the language switch in the top bar.
  await page.getByRole('button', { name: 'Language and theme' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Challenge verlassen' })).toBeVisible();
  await expect(page.getByText(/^25 am Tag, um 200 bis [A-Z][a-z]+ zu schaffen$/)).toBeVisible();
  await expect(page.getByText('Restzeit')).toBeVisible();
  await checkBothThemes(
    page,
    'challenge-everyone-de',
    page.getByRole('heading', { level: 1, name: 'Two hundred each' }),
  );
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole('region', { name: 'Gruppen-Feed' })).toBeVisible();
  await checkBothThemes(
    page,
    'challenge-group-home-de',
    page.getByRole('heading', { level: 1, name: group.name }),
  );
});

test('the group’s feed pages by Load more, newest first, without a line twice', async ({ page }) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const group = await createGroupViaApi(adminToken, groupName('Busy club'));
  for (let index = 1; index <= 24; index += 1) {
    await createChallengeViaApi(adminToken, group.id, {
      name: `Race ${String(index).padStart(2, '0')}`,
      kind: 'race',
      startDay: day(1).day,
      endDay: day(7).day,
    });
  }
  await page.goto(`/groups/${group.id}`);
  const lines = page.getByRole('list', { name: 'Group feed' }).getByRole('listitem');
  await expect(lines).toHaveCount(20);
  await expect(lines.first()).toContainText('started the challenge Race 24');
  const more = page.getByRole('button', { name: 'Load more' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(lines.filter({ hasText: 'started the challenge Race 01' })).toHaveCount(1);
  await expect(more).toHaveCount(0);
  const texts = await lines.allTextContents();
  expect(new Set(texts).size).toBe(texts.length);
  expect(texts.filter((text) => text.includes('started the challenge'))).toHaveLength(24);
});
