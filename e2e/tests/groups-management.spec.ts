import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Group } from '@pushup/shared';
import { checkPage, screenshotDir } from '../support/a11y';
import { callApi, logPushupsViaApi } from '../support/api';
import { E2E } from '../support/env';
import { expect, test } from '../support/fixtures';
import {
  acceptInviteViaApi,
  canJoinViaApi,
  createGroupViaApi,
  createInviteViaApi,
  decideViaApi,
  expireInviteInDatabase,
  groupName,
  membersViaApi,
  registeredUser,
  requestJoinViaApi,
  tokenOf,
} from '../support/groups';
import { dismissConsent, PASSWORD, signedInNewUser, signInThroughUi } from '../support/pages';
import { createEmulatorAccount, invite, uniqueEmail } from '../support/users';

// /groups, /invite/:code and /groups/:id/join, each user in a browser context of their own.
// Most tests sign up two or three people, each taking seconds on a slow machine: three times the
// usual limit (one ran out of its 60 s in CI).
test.slow();

/** A user who exists through the API signs in through the login page. */
async function signInAs(page: Page, email: string): Promise<void> {
  await signInThroughUi(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await dismissConsent(page);
}

function groupCard(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The members' rows (each says when its member joined; their achievements are list items too). */
function memberRows(card: Locator): Locator {
  return card.getByRole('region', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'Joined' });
}

function memberRow(card: Locator, username: string): Locator {
  return memberRows(card).filter({ hasText: username });
}

/** The toast, and only it (a row or a dialog may hold similar text). */
function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text }).last();
}

test('an admin copies an invite link, the second user accepts it, then is promoted, demoted and removed', async ({
  otherPerson,
}) => {
  const adminPage = await otherPerson({ permissions: ['clipboard-read', 'clipboard-write'] });
  const admin = await signedInNewUser(adminPage, 'coach');
  const name = groupName('Morning Crew');
  await createGroupViaApi(await tokenOf(admin.email), name, 'Push-ups before work');

  await adminPage.goto('/groups');
  const card = groupCard(adminPage, name);
  await expect(card.getByText('Push-ups before work')).toBeVisible();
  await expect(card.getByText('1 / 10 members')).toBeVisible();
  const invites = card.getByRole('region', { name: 'Invite links' });
  await expect(invites.getByText('No invite links yet.')).toBeVisible();

  // Max uses empty (unlimited), expiry 7 days instead of the default 30.
  await expect(invites.getByLabel('Expires in (days)')).toHaveValue('30');
  await invites.getByLabel('Expires in (days)').fill('7');
  await invites.getByRole('button', { name: 'Create invite link' }).click();
  // The new link is copied at once and marked New; its row says its code's end, who made it, when.
  await expect(toast(adminPage, 'Invite link created and copied')).toBeVisible();
  const copied = await adminPage.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${E2E.baseUrl.replace(/\./g, '\\.')}/invite/[A-Za-z0-9_-]{20,}$`));
  const newRow = invites.getByRole('listitem').filter({ has: adminPage.getByText('New', { exact: true }) });
  await expect(newRow).toHaveCount(1);
  await expect(newRow).toContainText(`Code …${copied.slice(-6)}, made `);
  await expect(newRow).toContainText(` by ${admin.username}`);
  await checkPage(adminPage, 'groups-invite-new');
  await expect(invites.getByText('0 uses, no limit')).toBeVisible();
  const expected = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(invites.getByText(`Expires ${expected}`)).toBeVisible();

  await adminPage.evaluate(() => navigator.clipboard.writeText(''));
  await invites.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(adminPage, 'Invite link copied')).toBeVisible();
  expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(copied);

  // The second user opens the copied link in their own browser and accepts.
  const memberPage = await otherPerson();
  const member = await signedInNewUser(memberPage, 'member');
  await memberPage.goto(copied);
  await expect(memberPage.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(memberPage.getByText('1 / 10 members')).toBeVisible();
  await expect(memberPage.getByText(`Link expires ${expected}`)).toBeVisible();
  await memberPage.getByRole('button', { name: 'Accept invite' }).click();
  await expect(toast(memberPage, `You joined ${name}`)).toBeVisible();
  await expect(memberPage).toHaveURL(/\/groups$/);

  // Both see each other; the member sees no admin controls.
  const memberCard = groupCard(memberPage, name);
  await expect(memberRow(memberCard, admin.username).getByText('Admin', { exact: true })).toBeVisible();
  await expect(memberRow(memberCard, member.username).getByText('You', { exact: true })).toBeVisible();
  await expect(memberCard.getByText('2 / 10 members')).toBeVisible();
  await expect(memberCard.getByRole('region', { name: 'Invite links' })).toHaveCount(0);
  await expect(memberCard.getByRole('region', { name: 'Join requests' })).toHaveCount(0);
  await expect(memberCard.getByRole('button', { name: /^(Promote|Demote|Remove)/ })).toHaveCount(0);
  await expect(memberCard.getByRole('button', { name: 'Delete group' })).toHaveCount(0);
  await expect(memberCard.getByRole('button', { name: 'Leave group' })).toBeVisible();

  await adminPage.reload();
  const row = memberRow(card, member.username);
  await expect(row).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(invites.getByText('1 use, no limit')).toBeVisible();

  // Promote by keyboard: the focus stays on the button, which now demotes.
  await card.getByRole('button', { name: `Promote ${member.username} to admin` }).focus();
  await adminPage.keyboard.press('Enter');
  await expect(toast(adminPage, `${member.username} is now an admin`)).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  const demote = card.getByRole('button', { name: `Demote ${member.username} to member` });
  await expect(demote).toBeFocused();
  await memberPage.reload();
  await expect(memberCard.getByRole('region', { name: 'Invite links' })).toBeVisible();

  await demote.click();
  await expect(toast(adminPage, `${member.username} is now a member`)).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);

  // Remove, behind a confirmation that Cancel leaves alone.
  await card.getByRole('button', { name: `Remove ${member.username}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Remove ${member.username}?` });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await card.getByRole('button', { name: `Remove ${member.username}` }).click();
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(toast(adminPage, `${member.username} was removed from the group`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(card.getByRole('heading', { name: 'Members' })).toBeFocused();
  await expect(card.getByText('1 / 10 members')).toBeVisible();

  await memberPage.reload();
  await expect(memberPage.getByText('You are not in any group yet')).toBeVisible();
  // Search and create open right here, the keyboard in their field (issue 20, point 4).
  await memberPage.getByRole('button', { name: 'Find a group' }).click();
  await expect(memberPage).toHaveURL(/\/groups$/);
  await expect(memberPage.getByRole('searchbox')).toBeFocused();
  await memberPage.getByRole('searchbox').fill(name.slice(0, 8));
  await memberPage.getByRole('searchbox').press('Enter');
  await expect(memberPage.getByRole('list', { name: 'Search results' })).toContainText(name);
  await memberPage.getByRole('button', { name: 'Close' }).click();
  await memberPage.getByRole('button', { name: 'Create a group' }).click();
  await expect(memberPage.getByPlaceholder('Group name (3-30 characters)')).toBeFocused();
});

test('pending requests are approved and rejected, a rejection is lifted, Copy falls back to selecting, the group is deleted', async ({
  page,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const name = groupName('Lunch Sets');
  const group = await createGroupViaApi(adminToken, name);
  const ann = await registeredUser('ann');
  const ben = await registeredUser('ben');
  await requestJoinViaApi(ann.token, group.id);
  await requestJoinViaApi(ben.token, group.id);

  await page.goto('/groups');
  const card = groupCard(page, name);
  const requests = card.getByRole('region', { name: 'Join requests' });
  await expect(requests.getByText('No rejected requests.')).toBeVisible();
  // The waiting requests are counted on the card, and on the dashboard's list (issue 20, point 4).
  await expect(card.getByText('2 requests waiting')).toBeVisible();
  // ...and beside 'Group Management' in the navigation, on every page.
  const navLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Group Management/ });
  await expect(navLink).toHaveAccessibleName('Group Management 2 join requests waiting');
  await page.goto('/');
  await expect(navLink).toHaveAccessibleName('Group Management 2 join requests waiting');
  await expect(
    page.getByRole('region', { name: 'Your Groups' }).getByRole('button', { name: new RegExp(name) }),
  ).toContainText('2 requests waiting');
  await page.goto('/groups');

  await requests.getByRole('button', { name: `Approve ${ann.username}` }).click();
  await expect(toast(page, `${ann.username} joined the group`)).toBeVisible();
  await expect(card.getByText('1 request waiting')).toBeVisible();
  await expect(navLink).toHaveAccessibleName('Group Management 1 join request waiting');
  await expect(memberRow(card, ann.username)).toBeVisible();
  await expect(requests.getByRole('button', { name: `Approve ${ann.username}` })).toHaveCount(0);
  await expect(card.getByText('2 / 10 members')).toBeVisible();
  await expect(requests.getByRole('heading', { name: 'Join requests' })).toBeFocused();

  await requests.getByRole('button', { name: `Reject ${ben.username}` }).click();
  await expect(toast(page, `Join request of ${ben.username} rejected`)).toBeVisible();
  await expect(navLink).toHaveAccessibleName('Group Management');
  await expect(requests.getByText('No pending requests.')).toBeVisible();
  await expect(card.getByText(/requests? waiting/)).toHaveCount(0);
  const allow = requests.getByRole('button', { name: `Allow ${ben.username} to ask again` });
  await expect(allow).toBeVisible();
  expect((await canJoinViaApi(ben.token, group.id)).reason).toMatch(/rejected/i);

  await allow.click();
  await expect(toast(page, `${ben.username} may ask to join again`)).toBeVisible();
  await expect(requests.getByText('No rejected requests.')).toBeVisible();
  expect(await canJoinViaApi(ben.token, group.id)).toEqual({ canJoin: true, reason: '' });

  // Without the Clipboard API, Copy selects the link in its field for the keyboard to copy.
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.reload();
  await card.getByRole('button', { name: 'Copy share link' }).click();
  await expect(toast(page, 'The link is selected')).toBeVisible();
  const field = card.getByRole('textbox', { name: `Share page of ${name}` });
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    ),
  ).toBe(`${E2E.baseUrl}/groups/${group.id}/join`);

  // Delete the group (admins only), after a confirmation.
  await card.getByRole('button', { name: 'Delete group' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Delete group' }).click();
  await expect(toast(page, `${name} was deleted`)).toBeVisible();
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  await callApi(ann.token, 'GET', `/api/groups/${group.id}/members`, undefined, 404);
});

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

test('leaving: a last admin hands over to the longest-standing member; the last member deletes the group', async ({
  page,
  otherPerson,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const name = groupName('Evening Club');
  const group = await createGroupViaApi(adminToken, name);
  const first = await registeredUser('first');
  const second = await registeredUser('second');
  const invite = await createInviteViaApi(adminToken, group.id);
  await acceptInviteViaApi(first.token, invite.code);
  await acceptInviteViaApi(second.token, invite.code);

  await page.goto('/groups');
  const card = groupCard(page, name);
  await expect(card.getByText('3 / 10 members')).toBeVisible();
  await card.getByRole('button', { name: 'Leave group' }).click();
  const dialog = page.getByRole('dialog', { name: `Leave ${name}?` });
  await expect(dialog).toContainText(
    `You are its only admin: ${first.username}, the longest-standing member, becomes admin.`,
  );
  await dialog.getByRole('button', { name: 'Leave group' }).click();
  await expect(toast(page, `You left ${name}`)).toBeVisible();
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  const members = await membersViaApi(first.token, group.id);
  expect(members.map((m) => [m.username, m.role])).toEqual([
    [first.username, 'admin'],
    [second.username, 'member'],
  ]);

  // The second member leaves through the page; the first, now the last member, too.
  const secondPage = await otherPerson();
  await signInAs(secondPage, second.email);
  await secondPage.goto('/groups');
  await groupCard(secondPage, name).getByRole('button', { name: 'Leave group' }).click();
  const plain = secondPage.getByRole('dialog', { name: `Leave ${name}?` });
  await expect(plain).toContainText('When a group');
  await plain.getByRole('button', { name: 'Leave group' }).click();
  await expect(secondPage.getByText('You are not in any group yet')).toBeVisible();

  const firstPage = await otherPerson();
  await signInAs(firstPage, first.email);
  await firstPage.goto('/groups');
  const firstCard = groupCard(firstPage, name);
  await expect(firstCard.getByRole('region', { name: 'Invite links' })).toBeVisible();
  await firstCard.getByRole('button', { name: 'Leave group' }).click();
  const last = firstPage.getByRole('dialog', { name: `Leave ${name}?` });
  await expect(last).toContainText(`You are its last member, so ${name} will be deleted`);
  await last.getByRole('button', { name: 'Leave group' }).click();
  await expect(toast(firstPage, `You left ${name}`)).toBeVisible();
  await expect(firstPage.getByText('You are not in any group yet')).toBeVisible();

  await firstPage.goto(`/groups/${group.id}/join`);
  await expect(firstPage.getByRole('heading', { name: 'Group not found' })).toBeVisible();
});

test('the share page shows the group and the Join button in each of its states', async ({ page }) => {
  const owner = await registeredUser('owner');
  const name = groupName('Open Gym');
  const group = await createGroupViaApi(owner.token, name, 'Anyone welcome, 50 a day');
  const other = await createGroupViaApi(owner.token, groupName('Tiny Team'));
  const pair = await callApi<Group>(owner.token, 'POST', '/api/groups', {
    name: groupName('Pair'),
    maxMembers: 2,
  });
  const filler = await registeredUser('filler');
  await acceptInviteViaApi(filler.token, (await createInviteViaApi(owner.token, pair.id)).code);

  const visitor = await signedInNewUser(page, 'visitor');
  await page.goto(`/groups/${group.id}/join`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText(`Created by ${owner.username}`)).toBeVisible();
  await expect(page.getByText('Anyone welcome, 50 a day')).toBeVisible();
  await expect(page.getByText('1 / 10 members')).toBeVisible();

  const join = page.getByRole('button', { name: 'Join', exact: true });
  await join.click();
  await expect(toast(page, 'Join request sent')).toBeVisible();
  const pending = page.getByRole('button', { name: 'Request Pending' });
  await expect(pending).toBeEnabled();
  await pending.click();
  await expect(toast(page, 'Join request cancelled')).toBeVisible();
  await expect(join).toBeEnabled();
  await join.click();
  await expect(pending).toBeVisible();

  await decideViaApi(owner.token, group.id, visitor.username, true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(page.getByText('2 / 10 members')).toBeVisible();
  await page.getByRole('link', { name: 'Open Group Management' }).click();
  await expect(groupCard(page, name)).toBeVisible();

  // A full group cannot be joined; a group that does not exist says so.
  await page.goto(`/groups/${pair.id}/join`);
  await expect(page.getByText('2 / 2 members')).toBeVisible();
  await expect(page.getByText('Full', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cannot Join' })).toBeDisabled();
  await page.goto(`/groups/${other.id}/join`);
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeEnabled();
  await page.goto('/groups/no-such-group/join');
  await expect(page.getByRole('heading', { name: 'Group not found' })).toBeVisible();
});

test('revoked, used-up, expired and unknown invite links say why, with no Accept button', async ({
  page,
  otherPerson,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  const name = groupName('Closed Door');
  const group = await createGroupViaApi(adminToken, name);
  const toRevoke = await createInviteViaApi(adminToken, group.id);
  const single = await createInviteViaApi(adminToken, group.id, { maxUses: 1 });
  const toExpire = await createInviteViaApi(adminToken, group.id, { expiresInDays: 1 });
  const taker = await registeredUser('taker');
  await acceptInviteViaApi(taker.token, single.code);
  expireInviteInDatabase(toExpire.inviteId);

  // The admin sees each link's state, and revokes one after a confirmation.
  await page.goto('/groups');
  const invites = groupCard(page, name).getByRole('region', { name: 'Invite links' });
  const rows = invites.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Used up' })).toContainText('1 / 1 use');
  await expect(rows.filter({ hasText: 'Expired' })).toHaveCount(1);
  const revokeRow = rows.filter({ has: page.locator(`input[value$="/invite/${toRevoke.code}"]`) });
  await expect(revokeRow).toContainText('Active');
  await revokeRow.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this invite link?' });
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(toast(page, 'Invite link revoked')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(invites.getByRole('heading', { name: 'Invite links' })).toBeFocused();

  const visitor = await otherPerson();
  await signedInNewUser(visitor, 'visitor');
  const reasons: Array<[string, string]> = [
    [toRevoke.code, 'This invite link has been revoked'],
    [single.code, 'This invite link has reached its maximum number of uses'],
    [toExpire.code, 'This invite link has expired'],
  ];
  for (const [code, reason] of reasons) {
    await visitor.goto(`/invite/${code}`);
    await expect(visitor.getByRole('heading', { name: 'This invite link no longer works' })).toBeVisible();
    await expect(visitor.getByText(reason)).toBeVisible();
    // A dead link shows nothing of the group (issue 17 finding 7).
    await expect(visitor.getByText(name)).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Accept invite' })).toHaveCount(0);
  }
  await visitor.goto('/invite/not-a-real-code');
  await expect(visitor.getByRole('heading', { name: 'Invite link not found' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Accept invite' })).toHaveCount(0);

  // The member who used the single-use link is told they are in, with the way to /groups.
  const takerPage = await otherPerson();
  await signInAs(takerPage, taker.email);
  await takerPage.goto(`/invite/${single.code}`);
  await expect(takerPage.getByText('You are already a member of this group')).toBeVisible();
  await takerPage.getByRole('link', { name: 'Go to your groups' }).click();
  await expect(groupCard(takerPage, name)).toBeVisible();
});

test('a signed-out visitor of an invite link signs in and comes back to accept it', async ({ page }) => {
  const owner = await registeredUser('owner');
  const name = groupName('Comeback Club');
  const group = await createGroupViaApi(owner.token, name);
  const invite = await createInviteViaApi(owner.token, group.id, { maxUses: 3 });
  const guest = await registeredUser('guest');

  await page.goto(`/invite/${invite.code}`);
  await expect(page).toHaveURL(/\/login$/);
  // Signing in on this page (not a fresh /login) keeps where the visitor wanted to go.
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invite/${invite.code}$`));
  await dismissConsent(page);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Accept invite' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(memberRow(groupCard(page, name), guest.username)).toBeVisible();
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

test('the share page tells the creator and a member that they are in the group; others are asked to join', async ({
  page,
  otherPerson,
}) => {
  const owner = await registeredUser('creator');
  const name = groupName('Our Crew');
  const group = await createGroupViaApi(owner.token, name);
  const member = await registeredUser('crewmate');
  await acceptInviteViaApi(member.token, (await createInviteViaApi(owner.token, group.id)).code);
  const shared = 'Someone shared this group with you. Ask to join, and an admin lets you in.';

  await signInAs(page, owner.email);
  await page.goto(`/groups/${group.id}/join`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Group');
  await expect(page.getByText('You created this group and are a member of it.')).toBeVisible();
  await expect(page.getByText(shared)).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshotDir, 'share-page-creator-desktop.png'), fullPage: true });

  const memberPage = await otherPerson();
  await signInAs(memberPage, member.email);
  await memberPage.goto(`/groups/${group.id}/join`);
  await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText('Your Group');
  await expect(memberPage.getByText('You are a member of this group.')).toBeVisible();
  await expect(memberPage.getByText(shared)).toHaveCount(0);

  const outsider = await otherPerson();
  await signInAs(outsider, (await registeredUser('outsider')).email);
  await outsider.goto(`/groups/${group.id}/join`);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Join a Group');
  await expect(outsider.getByText(shared)).toBeVisible();
  await expect(outsider.getByRole('button', { name: 'Join', exact: true })).toBeEnabled();
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

test('long user and group names are cut short with an ellipsis and the full name in a tooltip', async ({
  page,
}) => {
  const longName = `WWWWWWWWWWWWWWWWWWWWWWW ${Math.random().toString(36).slice(2, 7)}`.slice(0, 30);
  const username = `W${'W'.repeat(20)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 30);
  const email = uniqueEmail('longname');
  invite(email);
  await createEmulatorAccount(email, PASSWORD);
  const token = await tokenOf(email);
  await callApi(token, 'POST', '/api/users', { username, email });
  await createGroupViaApi(token, longName);
  // Before the first visit: the leaderboard is cached for 60 s once loaded.
  await logPushupsViaApi(token, 12, new Date().toISOString(), 'UTC');
  await signInAs(page, email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const truncated = async (locator: Locator, full: string) => {
    await expect(locator).toHaveAttribute('title', full);
    expect(await locator.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  };
  const groupsList = page.getByRole('region', { name: 'Your Groups' });
  await truncated(groupsList.locator(`span[title="${longName}"]`), longName);
  const leaderboard = page.getByRole('region', { name: 'Global Leaderboard' });
  await truncated(leaderboard.locator(`span[title="${username}"]`), username);
  await page.screenshot({ path: path.join(screenshotDir, 'long-names-dashboard-phone.png'), fullPage: true });

  // The group leaderboard: the group's name and the member's are cut; the badges sit below the
  // name, lined up (one row, or one column where the cell is too narrow) and inside their cell.
  await groupsList.getByRole('button', { name: new RegExp(longName) }).click();
  const board = page.getByRole('region', { name: 'Group Leaderboard' });
  await truncated(board.locator(`span[title="${longName}"]`), longName);
  const name = board.locator(`span[title="${username}"]`);
  await truncated(name, username);
  const you = await board.getByText('You', { exact: true }).boundingBox();
  const admin = await board.getByText('Admin', { exact: true }).boundingBox();
  const cell = await board
    .getByRole('cell')
    .filter({ has: page.locator(`span[title="${username}"]`) })
    .boundingBox();
  const nameBox = await name.boundingBox();
  if (!you || !admin || !cell || !nameBox) throw new Error('no boxes');
  expect(Math.abs(you.y - admin.y) < 2 || Math.abs(you.x - admin.x) < 2).toBe(true);
  for (const badge of [you, admin]) {
    expect(badge.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
    expect(badge.x).toBeGreaterThanOrEqual(nameBox.x - 1);
    expect(badge.x + badge.width).toBeLessThanOrEqual(cell.x + cell.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await board.screenshot({ path: path.join(screenshotDir, 'group-board-badges-phone.png') });
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
  await card.screenshot({ path: path.join(screenshotDir, 'search-clear-phone.png') });
  await clear.click();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(clear).toHaveCount(0);
});
