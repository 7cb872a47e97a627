import type { Page } from '@playwright/test';
import type { Group, JoinRequest } from '@pushup/shared';
import { callApi, idTokenFor } from '../support/api';
import { expect, test } from '../support/fixtures';
import { decideViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { PASSWORD, setTier } from '../support/users';

// The dashboard's group parts with two (or three) signed-in users, each in their own browser context.
// Each test signs up two or three people, which takes most of a minute on a slow machine: three
// times the usual limit (a 60 s limit made them flaky in CI).
test.slow();

interface Athlete {
  page: Page;
  email: string;
  username: string;
  token: string;
}

async function athlete(otherPerson: () => Promise<Page>, prefix: string): Promise<Athlete> {
  const page = await otherPerson();
  const { email, username } = await signedInNewUser(page, prefix);
  return { page, email, username, token: await idTokenFor(email, PASSWORD) };
}

async function logPushups(page: Page, count: number) {
  await page.getByLabel('Pushup count').fill(String(count));
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('Pushups submitted successfully!').last()).toBeVisible();
}

/** Opens the search panel, searches for `name` and answers the result's row. */
async function searchFor(page: Page, name: string) {
  const card = page.getByRole('region', { name: 'Your Groups' });
  const toggle = card.getByRole('button', { name: 'Search groups' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await card.getByLabel('Find a group').fill(name);
  await card.getByRole('button', { name: 'Search', exact: true }).click();
  return card.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: name });
}

function groupsCard(page: Page) {
  return page.getByRole('region', { name: 'Your Groups' });
}

function groupLeaderboard(page: Page) {
  return page.getByRole('region', { name: 'Group Leaderboard' });
}

test('create, search, request, cancel, request again, approve, then compare on the leaderboard and charts', async ({
  otherPerson,
}) => {
  const alice = await athlete(otherPerson, 'alice');
  const bob = await athlete(otherPerson, 'bob');
  const name = groupName('Crew');

  // Alice creates the group; it is selected at once and she leads it as its admin.
  await groupsCard(alice.page).getByRole('button', { name: 'Create a group' }).click();
  await alice.page.getByPlaceholder('Group name (3-30 characters)').fill(name);
  await groupsCard(alice.page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(alice.page.getByText('Group created successfully')).toBeVisible();
  await expect(groupsCard(alice.page).getByRole('button', { name: new RegExp(name) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const aliceRow = groupLeaderboard(alice.page).getByRole('row').filter({ hasText: alice.username });
  await expect(aliceRow).toContainText('Admin');
  await expect(aliceRow).toContainText('You');
  await logPushups(alice.page, 15);
  await logPushups(bob.page, 20);

  // Bob asks to join, changes his mind, and asks again.
  let result = await searchFor(bob.page, name);
  await result.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(bob.page.getByText('Join request sent successfully')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Request Pending' })).toBeVisible();
  const pending = groupsCard(bob.page).getByRole('list', { name: 'Pending Join Requests' });
  await expect(pending).toContainText(name);

  await result.getByRole('button', { name: 'Request Pending' }).click();
  await expect(bob.page.getByText('Join request cancelled successfully')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect(pending).toBeHidden();

  result = await searchFor(bob.page, name);
  await result.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Request Pending' })).toBeVisible();

  // Alice approves; after a reload Bob is a member and compares himself with her.
  const [group] = await callApi<Group[]>(
    alice.token,
    'GET',
    `/api/groups/search?q=${encodeURIComponent(name)}`,
  );
  if (!group) throw new Error('group not found');
  await decideViaApi(alice.token, group.id, bob.username, true);
  await bob.page.reload();
  await groupsCard(bob.page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const board = groupLeaderboard(bob.page);
  await expect(board.getByRole('row').nth(1)).toContainText(`1${bob.username}You`);
  await expect(board.getByRole('row').nth(1)).toContainText('20');
  await expect(board.getByRole('img', { name: 'Gold medal' })).toHaveCount(1);
  await expect(board.getByRole('row').filter({ hasText: alice.username })).toContainText('Admin');
  await expect(bob.page.getByRole('columnheader', { name: alice.username })).toBeAttached();
  await expect(bob.page.getByRole('img', { name: new RegExp(`${alice.username}: 15`) })).toBeVisible();
  // Both charts name each series once; the members are lines over the user's bars.
  const legends = bob.page.getByRole('list', { name: 'Legend', exact: true });
  await expect(legends).toHaveCount(2);
  for (const legend of await legends.all()) {
    await expect(legend.getByRole('listitem')).toHaveText(['You', alice.username]);
  }
  await expect(legends.first().getByRole('listitem').nth(0)).toHaveAttribute('data-kind', 'bar');
  await expect(legends.first().getByRole('listitem').nth(1)).toHaveAttribute('data-kind', 'line');

  // And Alice sees Bob on hers.
  await alice.page.reload();
  await groupsCard(alice.page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(groupLeaderboard(alice.page).getByRole('row').filter({ hasText: bob.username })).toContainText(
    '20',
  );
  await expect(alice.page.getByRole('img', { name: new RegExp(`${bob.username}: 20`) })).toBeVisible();

  // Deselecting the group removes its leaderboard and the overlays.
  await groupsCard(alice.page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(groupLeaderboard(alice.page)).toBeHidden();
  await expect(alice.page.getByRole('columnheader', { name: bob.username })).toHaveCount(0);
  await expect(alice.page.getByRole('list', { name: 'Legend', exact: true })).toHaveCount(0);
});

test('a rejected user sees Rejected and may ask to rejoin', async ({ otherPerson }) => {
  const alice = await athlete(otherPerson, 'admin');
  const bob = await athlete(otherPerson, 'asker');
  const name = groupName('Closed');
  const group = await callApi<Group>(alice.token, 'POST', '/api/groups', { name });

  let result = await searchFor(bob.page, name);
  await result.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Request Pending' })).toBeVisible();
  await decideViaApi(alice.token, group.id, bob.username, false);

  await bob.page.reload();
  result = await searchFor(bob.page, name);
  await expect(result.getByRole('button', { name: 'Rejected' })).toBeDisabled();
  await result.getByRole('button', { name: 'Ask to rejoin' }).click();
  await expect(bob.page.getByText('Join request sent successfully')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Request Pending' })).toBeVisible();
  const pending = await callApi<JoinRequest[]>(
    alice.token,
    'GET',
    `/api/groups/${group.id}/join-requests?status=pending`,
  );
  expect(pending.map((r) => r.user.username)).toEqual([bob.username]);
});

test('cancelling a request that was accepted meanwhile makes the user a member', async ({ otherPerson }) => {
  const alice = await athlete(otherPerson, 'quick');
  const bob = await athlete(otherPerson, 'late');
  const name = groupName('Fast');
  const group = await callApi<Group>(alice.token, 'POST', '/api/groups', { name });

  const result = await searchFor(bob.page, name);
  await result.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(result.getByRole('button', { name: 'Request Pending' })).toBeVisible();
  await decideViaApi(alice.token, group.id, bob.username, true);

  await result.getByRole('button', { name: 'Request Pending' }).click();
  await expect(bob.page.getByText('You are already a member of this group')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(groupsCard(bob.page).getByRole('button', { name: new RegExp(name) })).toBeVisible();
});

test('a full group shows Cannot Join', async ({ otherPerson }) => {
  const alice = await athlete(otherPerson, 'full');
  const bob = await athlete(otherPerson, 'outside');
  const name = groupName('Pair');
  const group = await callApi<Group>(alice.token, 'POST', '/api/groups', { name, maxMembers: 2 });
  const carol = await athlete(otherPerson, 'second');
  const invite = await callApi<{ code: string }>(alice.token, 'POST', `/api/groups/${group.id}/invites`, {
    maxUses: null,
    expiresInDays: 30,
  });
  await callApi(carol.token, 'POST', `/api/groups/invites/${invite.code}/accept`);

  const result = await searchFor(bob.page, name);
  await expect(result).toContainText('2/2 members');
  await expect(result.getByRole('button', { name: 'Cannot Join' })).toBeDisabled();
});

test('at the group limit, search and create show the quota message', async ({ otherPerson }) => {
  const carol = await athlete(otherPerson, 'limit');
  setTier(carol.email, 1, 10);
  const page = carol.page;
  await page.reload();

  await groupsCard(page).getByRole('button', { name: 'Create a group' }).click();
  await page.getByPlaceholder('Group name (3-30 characters)').fill(groupName('Solo'));
  await groupsCard(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Group created successfully')).toBeVisible();

  const quota =
    'You have reached your maximum limit of 1 groups. Please leave a group before joining another one.';
  await groupsCard(page).getByRole('button', { name: 'Search groups' }).click();
  await groupsCard(page).getByLabel('Find a group').fill('anything');
  await groupsCard(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(groupsCard(page).getByRole('alert')).toHaveText(quota);
  // What was typed stays.
  await expect(groupsCard(page).getByLabel('Find a group')).toHaveValue('anything');

  await groupsCard(page).getByRole('button', { name: 'Create a group' }).click();
  await page.getByPlaceholder('Group name (3-30 characters)').fill('Second group');
  await groupsCard(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(groupsCard(page).getByRole('alert')).toHaveText(quota);
});

test('a member removed meanwhile sees that the group statistics failed to load', async ({ otherPerson }) => {
  const alice = await athlete(otherPerson, 'boss');
  const bob = await athlete(otherPerson, 'gone');
  const name = groupName('Strict');
  const group = await callApi<Group>(alice.token, 'POST', '/api/groups', { name });
  const invite = await callApi<{ code: string }>(alice.token, 'POST', `/api/groups/${group.id}/invites`, {
    maxUses: 1,
    expiresInDays: 30,
  });
  const joined = await callApi<{ groupId: string }>(
    bob.token,
    'POST',
    `/api/groups/invites/${invite.code}/accept`,
  );
  expect(joined.groupId).toBe(group.id);
  await bob.page.reload();
  const row = groupsCard(bob.page).getByRole('button', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  const bobUuid = (await callApi<{ uuid: string }>(bob.token, 'GET', '/api/users/profile')).uuid;
  await callApi(alice.token, 'DELETE', `/api/groups/${group.id}/members/${bobUuid}`);
  await row.click();
  const board = groupLeaderboard(bob.page);
  await expect(board.getByText('Failed to load group statistics')).toBeVisible();
  await expect(bob.page.getByText('Failed to load group data')).toBeVisible();
  // Trying again answers again, without a spinner that keeps turning.
  await board.getByRole('button', { name: 'Try again' }).click();
  await expect(board.getByText('Failed to load group statistics')).toBeVisible();
  await expect(board.getByText('Loading statistics...')).toBeHidden();
});
