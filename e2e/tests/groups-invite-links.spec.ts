import path from 'node:path';
import type { Group } from '@pushup/shared';
import { screenshotDir, screenshotForReview } from '../support/a11y';
import { callApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  acceptInviteViaApi,
  createGroupViaApi,
  createInviteViaApi,
  decideViaApi,
  expireInviteInDatabase,
  groupName,
} from '../support/groups';
import { dismissConsent, signedInNewUser } from '../support/pages';
import { PASSWORD, registeredUser, tokenOf } from '../support/users';
import { groupCard, memberRow, signInAs, toast } from './group-pages';

// /invite/:code and /groups/:id/join: what an invite link and a share page show, in each state.
// Each user in a browser context of their own. Most tests sign up two or three people, each taking
// seconds on a slow machine: three times the usual limit (one ran out of its 60 s in CI).
test.slow();

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
    // A dead link shows nothing of the group (docs/security.md, "What users write that pages show").
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

test('a signed-out visitor of an invite link signs in on the spot and is in the group', async ({ page }) => {
  const owner = await registeredUser('owner');
  const name = groupName('Comeback Club');
  const group = await createGroupViaApi(owner.token, name);
  const invite = await createInviteViaApi(owner.token, group.id, { maxUses: 3 });
  const guest = await registeredUser('guest');

  await page.goto(`/invite/${invite.code}`);
  // The sign-in card at the link's own address: signing in there joins without a second click.
  await expect(page).toHaveURL(new RegExp(`/invite/${invite.code}$`));
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await dismissConsent(page);
  await page.goto('/groups');
  await expect(memberRow(groupCard(page, name), guest.username)).toBeVisible();
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
  await screenshotForReview(page, path.join(screenshotDir, 'share-page-creator-desktop.png'), {
    fullPage: true,
  });

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
