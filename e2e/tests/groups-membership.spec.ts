import { checkPage } from '../support/a11y';
import { callApi } from '../support/api';
import { E2E } from '../support/env';
import { expect, test } from '../support/fixtures';
import {
  acceptInviteViaApi,
  canJoinViaApi,
  createGroupViaApi,
  createInviteViaApi,
  groupName,
  membersViaApi,
  requestJoinViaApi,
} from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { registeredUser, tokenOf } from '../support/users';
import { groupCard, memberRow, signInAs, toast } from './group-pages';

// /groups: invite links, join requests, roles and leaving, through the pages of the people involved.
// Each user in a browser context of their own. Most tests sign up two or three people, each taking
// seconds on a slow machine: three times the usual limit (one ran out of its 60 s in CI).
test.slow();

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
  // The invite leads to the group's home; its card is on /groups.
  await expect(memberPage).toHaveURL(/\/groups\/[^/]+$/);
  await expect(memberPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await memberPage.goto('/groups');

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
  // Search and create open right here, the keyboard in their field.
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
  // The waiting requests are counted on the card, and on the dashboard's list.
  await expect(card.getByText('2 requests waiting')).toBeVisible();
  // ...and beside 'Group Management' in the navigation, on every page.
  const navLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Group Management/ });
  await expect(navLink).toHaveAccessibleName('Group Management 2 join requests waiting');
  await page.goto('/');
  await expect(navLink).toHaveAccessibleName('Group Management 2 join requests waiting');
  await expect(
    page.getByRole('region', { name: 'Your Groups' }).getByRole('listitem').filter({ hasText: name }),
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
