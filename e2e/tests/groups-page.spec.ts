import path from 'node:path';
import type { Locator } from '@playwright/test';
import { checkPage, screenshotDir, screenshotForReview } from '../support/a11y';
import { callApi, logPushupsViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  acceptInviteViaApi,
  createGroupViaApi,
  createInviteViaApi,
  decideViaApi,
  groupName,
  membersViaApi,
  requestJoinViaApi,
} from '../support/groups';
import { signedInNewUser } from '../support/pages';
import {
  createEmulatorAccount,
  invite,
  PASSWORD,
  registeredUser,
  tokenOf,
  uniqueEmail,
} from '../support/users';
import { groupCard, memberRow, memberRows, signInAs } from './group-pages';

// /groups itself: its cards, lists that fail to load, accessibility, and how it looks.
// Each user in a browser context of their own. Most tests sign up two or three people, each taking
// seconds on a slow machine: three times the usual limit (one ran out of its 60 s in CI).
test.slow();

test('with more than two groups, cards open and close; those with waiting requests start open', async ({
  page,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const quiet = [groupName('Quiet One'), groupName('Quiet Two')] as const;
  for (const name of quiet) await createGroupViaApi(adminToken, name);
  const busyName = groupName('Busy Crew');
  const busy = await createGroupViaApi(adminToken, busyName);
  const ann = await registeredUser('ann');
  await requestJoinViaApi(ann.token, busy.id);

  await page.goto('/groups');
  const busyCard = groupCard(page, busyName);
  await expect(busyCard.getByText('1 request waiting')).toBeVisible();
  await expect(busyCard.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(busyCard.getByRole('region', { name: 'Join requests' })).toBeVisible();
  for (const name of quiet) {
    const card = groupCard(page, name);
    // Closed: the facts only, none of the lists.
    await expect(card.getByText('1 / 10 members')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Show details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(card.getByRole('region', { name: 'Members' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Leave group' })).toHaveCount(0);
  }
  await checkPage(page, 'groups-pending-requests');

  // Opened with the keyboard, closed with a click.
  const first = groupCard(page, quiet[0]);
  await first.getByRole('button', { name: 'Show details' }).focus();
  await page.keyboard.press('Enter');
  const hide = first.getByRole('button', { name: 'Hide details' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hide).toBeFocused();
  await expect(memberRow(first, admin.username)).toBeVisible();
  await expect(first.getByRole('region', { name: 'Invite links' })).toBeVisible();
  await hide.click();
  await expect(first.getByRole('region', { name: 'Members' })).toHaveCount(0);

  // On a phone the menu button carries a dot; the menu's link reads the count.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: /^Group Management/ }),
  ).toHaveAccessibleName('Group Management 1 join request waiting');
});

test('lists that fail to load say so in place, stop loading and offer Try again', async ({ page }) => {
  const admin = await signedInNewUser(page, 'coach');
  const name = groupName('Flaky Crew');
  const group = await createGroupViaApi(await tokenOf(admin.email), name);
  // The connection drops for these calls (the network, not our server, fails: no answer is made up).
  let groupsFail = true;
  await page.route(
    (url) => url.pathname === '/api/groups',
    (route) => (groupsFail ? route.abort('connectionreset') : route.fallback()),
  );
  await page.route(
    (url) => url.pathname === `/api/groups/${group.id}/join-requests`,
    (route) => route.abort('connectionreset'),
  );

  // A network error is retried three times (docs/product.md, "Limits"), then the page says so and stops loading.
  await page.goto('/groups');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch groups' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Loading groups...')).toHaveCount(0);
  groupsFail = false;
  await page.getByRole('button', { name: 'Try again' }).click();

  // The group loads; only its join requests fail, in their own panel.
  const card = groupCard(page, name);
  await expect(memberRows(card)).toHaveCount(1);
  await expect(
    card.getByRole('region', { name: 'Invite links' }).getByText('No invite links yet.'),
  ).toBeVisible();
  const requests = card.getByRole('region', { name: 'Join requests' });
  await expect(requests.getByRole('alert').filter({ hasText: 'Failed to fetch join requests' })).toHaveCount(
    2,
    {
      timeout: 20_000,
    },
  );
  await expect(requests.getByRole('status')).toHaveCount(0);
  await expect(requests.getByRole('button', { name: 'Try again' })).toHaveCount(2);
});

// Axe and screenshots at phone and desktop width (support/a11y.ts), with real data on every page.
test('the group pages are accessible at 375 px and 1440 px', async ({ page, otherPerson }) => {
  // Seven pages, each at two widths with axe, after seeding eight users.
  test.setTimeout(240_000);
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const name = groupName('Sunrise Pushers');
  const group = await createGroupViaApi(adminToken, name, 'Fifty before breakfast, every weekday.');
  const invite = await createInviteViaApi(adminToken, group.id, { maxUses: 5, expiresInDays: 14 });
  await createInviteViaApi(adminToken, group.id);
  const revoked = await createInviteViaApi(adminToken, group.id);
  await callApi(adminToken, 'DELETE', `/api/groups/${group.id}/invites/${revoked.inviteId}`);
  const coAdmin = await registeredUser('alexandra_longname');
  const member = await registeredUser('sam');
  await acceptInviteViaApi(coAdmin.token, invite.code);
  await acceptInviteViaApi(member.token, invite.code);
  const [coAdminUuid] = (await membersViaApi(adminToken, group.id))
    .filter((m) => m.username === coAdmin.username)
    .map((m) => m.uuid);
  await callApi(adminToken, 'POST', `/api/groups/${group.id}/admins`, { userId: coAdminUuid }, 204);
  for (const prefix of ['pat', 'robin']) {
    const requester = await registeredUser(prefix);
    await requestJoinViaApi(requester.token, group.id);
  }
  const rejected = await registeredUser('casey');
  await requestJoinViaApi(rejected.token, group.id);
  await decideViaApi(adminToken, group.id, rejected.username, false);

  await page.goto('/groups');
  const card = groupCard(page, name);
  await expect(memberRows(card)).toHaveCount(3);
  await expect(card.getByRole('button', { name: /^Approve/ })).toHaveCount(2);
  await expect(card.getByRole('button', { name: /^Allow/ })).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Copy link' })).toHaveCount(2);
  await checkPage(page, 'groups-admin', card, { untilToastsLeave: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('button', { name: 'Leave group' }).click();
  await checkPage(page, 'groups-leave-dialog', page.getByRole('dialog'), {
    fullPage: false,
    untilToastsLeave: true,
  });
  await page.keyboard.press('Escape');

  const visitor = await otherPerson();
  await signedInNewUser(visitor, 'visitor');
  await visitor.goto('/groups');
  await checkPage(visitor, 'groups-empty', visitor.getByText('You are not in any group yet'), {
    untilToastsLeave: true,
  });
  await visitor.goto(`/invite/${invite.code}`);
  await checkPage(visitor, 'invite', visitor.getByRole('button', { name: 'Accept invite' }), {
    untilToastsLeave: true,
  });
  await visitor.goto(`/invite/${revoked.code}`);
  await checkPage(visitor, 'invite-revoked', visitor.getByText('This invite link has been revoked'), {
    untilToastsLeave: true,
  });
  await visitor.goto('/invite/not-a-real-code');
  await checkPage(
    visitor,
    'invite-not-found',
    visitor.getByRole('heading', { name: 'Invite link not found' }),
    { untilToastsLeave: true },
  );
  await visitor.goto(`/groups/${group.id}/join`);
  await checkPage(visitor, 'share', visitor.getByRole('button', { name: 'Join', exact: true }), {
    untilToastsLeave: true,
  });

  // A member's view: the members without admin controls.
  const memberPage = await otherPerson();
  await signInAs(memberPage, member.email);
  await memberPage.goto('/groups');
  await checkPage(memberPage, 'groups-member', groupCard(memberPage, name), { untilToastsLeave: true });
});

test('Delete group looks destructive: filled in the same red as the confirmation’s Delete', async ({
  page,
}) => {
  const admin = await signedInNewUser(page, 'wrecker');
  const name = groupName('Short Lived');
  await createGroupViaApi(await tokenOf(admin.email), name);
  await page.goto('/groups');
  const card = groupCard(page, name);
  const remove = card.getByRole('button', { name: 'Delete group' });
  const leave = card.getByRole('button', { name: 'Leave group' });
  const colours = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color };
    });
  const deleteColours = await colours(remove);
  expect(deleteColours.background).not.toBe((await colours(leave)).background);
  expect(deleteColours.background).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(255, 255, 255\)$/);
  await remove.click();
  const confirm = page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete group' });
  expect(await colours(confirm)).toEqual(deleteColours);
});

test('long user and group names are shown whole, wrapped inside their place, never widening the page', async ({
  page,
}) => {
  const longName = `WWWWWWWWWWWWWWWWWWWWWWW ${Math.random().toString(36).slice(2, 7)}`.slice(0, 30);
  const username = `W${'W'.repeat(20)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 30);
  const email = uniqueEmail('longname');
  await invite(email);
  await createEmulatorAccount(email, PASSWORD);
  const token = await tokenOf(email);
  await callApi(token, 'POST', '/api/users', { username, email });
  await createGroupViaApi(token, longName);
  // Before the first visit: the leaderboard is cached for 60 s once loaded.
  await logPushupsViaApi(token, 12, new Date().toISOString(), 'UTC');
  await signInAs(page, email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // Whole: nothing cut off (no ellipsis, nothing scrolled away), and inside its box.
  const whole = async (locator: Locator, within: Locator) => {
    await expect(locator).toBeVisible();
    expect(
      await locator.evaluate(
        (element) =>
          element.scrollWidth <= element.clientWidth + 1 &&
          !getComputedStyle(element).textOverflow.includes('ellipsis'),
      ),
    ).toBe(true);
    const box = await locator.boundingBox();
    const outer = await within.boundingBox();
    if (!box || !outer) throw new Error('no boxes');
    expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
  };
  const groupsList = page.getByRole('region', { name: 'Your Groups' });
  const row = groupsList.getByRole('listitem').filter({ hasText: longName });
  await whole(row.getByText(longName, { exact: true }), row);
  await screenshotForReview(page, path.join(screenshotDir, 'long-names-dashboard-phone.png'), {
    fullPage: true,
  });

  // The group leaderboard: the member's name whole; the badges sit below the name, lined up (one
  // row, or one column where the cell is too narrow) and inside their cell.
  await groupsList.getByRole('button', { name: new RegExp(longName) }).click();
  const board = page.getByRole('region', { name: 'Group Leaderboard' });
  await whole(board.getByRole('link', { name: longName }), board);
  const cellLocator = board.getByRole('cell').filter({ hasText: username });
  const name = cellLocator.getByText(username, { exact: true });
  await whole(name, cellLocator);
  const you = await board.getByText('You', { exact: true }).boundingBox();
  const admin = await board.getByText('Admin', { exact: true }).boundingBox();
  const cell = await cellLocator.boundingBox();
  const nameBox = await name.boundingBox();
  if (!you || !admin || !cell || !nameBox) throw new Error('no boxes');
  expect(Math.abs(you.y - admin.y) < 2 || Math.abs(you.x - admin.x) < 2).toBe(true);
  for (const badge of [you, admin]) {
    expect(badge.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
    expect(badge.x).toBeGreaterThanOrEqual(nameBox.x - 1);
    expect(badge.x + badge.width).toBeLessThanOrEqual(cell.x + cell.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotForReview(board, path.join(screenshotDir, 'group-board-badges-phone.png'));
});

test('the search field clears with the app’s own labelled button, not the browser’s', async ({ page }) => {
  await signedInNewUser(page, 'seeker');
  const card = page.getByRole('region', { name: 'Your Groups' });
  await card.getByRole('button', { name: 'Search groups' }).click();
  const input = card.getByLabel('Find a group');
  const clear = card.getByRole('button', { name: 'Clear search' });
  await expect(clear).toHaveCount(0);
  await input.fill('lunch');
  await expect(clear).toBeVisible();
  // The browser's own clear control is styled away (a pseudo-element has no box to measure).
  expect(
    await page.evaluate(() =>
      Array.from(document.styleSheets).some((sheet) =>
        Array.from(sheet.cssRules).some((rule) =>
          [rule, ...('cssRules' in rule ? Array.from((rule as CSSGroupingRule).cssRules) : [])].some(
            (inner) =>
              inner instanceof CSSStyleRule &&
              inner.selectorText.includes('input[type="search"]::-webkit-search-cancel-button') &&
              inner.style.appearance === 'none',
          ),
        ),
      ),
    ),
  ).toBe(true);
  await page.setViewportSize({ width: 375, height: 812 });
  const box = await clear.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await screenshotForReview(card, path.join(screenshotDir, 'search-clear-phone.png'));
  await clear.click();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(clear).toHaveCount(0);
});
