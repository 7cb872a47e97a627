import { expect, type Page, test } from '@playwright/test';
import { checkPage } from '../support/a11y';
import { E2E } from '../support/env';
import { createGroupViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { signInWithStoredSession } from '../support/session';
import { grantOperator, PASSWORD, registeredUser, uniqueEmail } from '../support/users';

// The operator's admin page (docs/decisions/038-operators-and-audit-trail.md): what an operator
// does there, seen as they see it, and that nobody else learns the page exists.

const SLOW = 180_000;

async function signedInOperator(page: Page): Promise<{ email: string; username: string }> {
  const operator = await registeredUser('operator');
  grantOperator(operator.email);
  await signInWithStoredSession(page, operator.email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return operator;
}

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('an operator invites a pasted list, changes a tier, disables a user, deletes a group and sees it all in the audit trail', async ({
  page,
}) => {
  test.setTimeout(SLOW);
  const member = await registeredUser('member');
  const owner = await registeredUser('owner');
  const group = await createGroupViaApi(owner.token, groupName('Doomed'));
  await signedInOperator(page);

  // 'Admin' in the user menu leads to the page.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

  // A pasted list with a bad line: the bad line is named and stays in the field, the good ones are invited.
  const first = uniqueEmail('pasted');
  const second = uniqueEmail('pasted');
  const field = page.getByLabel('Email addresses to invite');
  await field.fill(`${first}\nnot-an-address\n${second}`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('2 addresses invited.')).toBeVisible();
  await expect(page.getByText('This line was not invited; it is left in the field:')).toBeVisible();
  await expect(page.locator('#bulk-invite-refused')).toContainText('not-an-address');
  await expect(field).toHaveValue('not-an-address');
  const invites = page.getByRole('list', { name: 'Invited addresses' });
  await expect(invites.locator(`[data-invite="${first}"]`)).toContainText('Invited');
  await expect(invites.locator(`[data-invite="${second}"]`)).toBeVisible();
  await checkPage(page, 'admin-invite-refused');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The member's tier: a bad limit is said at its field, a good one saved.
  await openSection(page, 'Users');
  await page.getByLabel('Search by name or email').fill(member.username);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator(`[data-user="${member.username}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Change the tier of ${member.username}` }).click();
  const tierDialog = page.getByRole('dialog');
  await tierDialog.getByLabel('Tier').selectOption({ label: 'Limits of their own' });
  await tierDialog.getByLabel('Max groups').fill('0');
  await tierDialog.getByLabel('Max members per group').fill('30');
  await tierDialog.getByRole('button', { name: 'Save tier' }).click();
  await expect(tierDialog.getByText('Max groups must be a whole number between 1 and 100000')).toBeVisible();
  await expect(tierDialog.getByLabel('Max members per group')).toHaveValue('30');
  await tierDialog.getByLabel('Max groups').fill('7');
  await tierDialog.getByRole('button', { name: 'Save tier' }).click();
  await expect(tierDialog).toBeHidden();
  await expect(row).toContainText('7 groups, 30 members each');

  // Disabling the member's sign-in: their very next request is refused.
  await row.getByRole('button', { name: `Disable the sign-in of ${member.username}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable sign-in' }).click();
  await expect(row.getByText('Sign-in disabled')).toBeVisible();
  const refused = await fetch(`${E2E.baseUrl}/api/users/profile`, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect([401, 403]).toContain(refused.status);

  // The group goes only once its name is typed as it is.
  await openSection(page, 'Groups');
  await page.getByLabel('Search groups by name').fill(group.name);
  await page.getByRole('button', { name: 'Search' }).click();
  const groupRow = page.locator(`[data-group="${group.name}"]`);
  await groupRow.getByRole('button', { name: `Members ${group.name}` }).click();
  await expect(groupRow.getByRole('list', { name: `Members of ${group.name}` })).toContainText(
    owner.username,
  );
  await groupRow.getByRole('button', { name: `Delete the group ${group.name}` }).click();
  const deleteDialog = page.getByRole('dialog');
  const confirm = deleteDialog.getByRole('textbox');
  await confirm.fill('something else');
  await deleteDialog.getByRole('button', { name: 'Delete group' }).click();
  await expect(deleteDialog.getByText(`Type “${group.name}” exactly as shown to confirm.`)).toBeVisible();
  await expect(confirm).toHaveValue('something else');
  await confirm.fill(group.name);
  await deleteDialog.getByRole('button', { name: 'Delete group' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(groupRow).toHaveCount(0);

  // The trail names each of these actions.
  await openSection(page, 'Audit');
  const trail = page.getByRole('list', { name: 'Audit trail' });
  await expect(trail.locator('[data-action="invite"]').filter({ hasText: first })).toBeVisible();
  await expect(trail.locator('[data-action="tier"]').first()).toBeVisible();
  await expect(trail.locator('[data-action="disable-sign-in"]').first()).toBeVisible();
  await expect(trail.locator('[data-action="group-deleted"]').first()).toBeVisible();

  // Filtered to one action, only its lines remain.
  await page.getByLabel('Action').selectOption({ label: 'Group deleted' });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(trail.locator('[data-action="invite"]')).toHaveCount(0);
  await expect(trail.locator('[data-action="group-deleted"]').first()).toBeVisible();

  // The CSV of the filtered trail downloads.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});

test('someone who is not an operator has no Admin entry, and /admin is the not-found page', async ({
  page,
}) => {
  await signedInNewUser(page, 'plain');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('on a phone the menu leads to Admin, and the sections are tabs the keyboard moves through', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInOperator(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const invites = page.getByRole('tab', { name: 'Invites' });
  await invites.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Users' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/section=users/);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Invites' })).toHaveAttribute('aria-selected', 'true');
});

test('an operator creates a tier and edits it, each bad value named at its field, and cannot disable or delete their own account', async ({
  page,
}) => {
  const member = await registeredUser('tiered');
  const operator = await signedInOperator(page);
  await page.goto('/admin?section=tiers');
  const name = `Coach ${member.username.slice(-6)}`;

  await page.getByRole('button', { name: 'New tier' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Max groups').fill('12');
  await dialog.getByLabel('Max members per group').fill('100001');
  await dialog.getByRole('button', { name: 'Create tier' }).click();
  await expect(
    dialog.getByText('Max members per group must be a whole number between 1 and 100000'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Max members per group').fill('40');
  await dialog.getByRole('button', { name: 'Create tier' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`[data-tier="${name}"]`);
  await expect(row).toContainText('12 groups, 40 members each');

  await row.getByRole('button', { name: `Edit the tier ${name}` }).click();
  await dialog.getByLabel('Max groups').fill('15');
  await dialog.getByRole('button', { name: 'Save tier' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('15 groups, 40 members each');

  // The new tier is one to choose for a user.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search by name or email').fill(member.username);
  await page.getByRole('button', { name: 'Search' }).click();
  const user = page.locator(`[data-user="${member.username}"]`);
  await user.getByRole('button', { name: `Change the tier of ${member.username}` }).click();
  await dialog.getByLabel('Tier').selectOption({ label: `${name} (15 groups, 40 members each)` });
  await dialog.getByRole('button', { name: 'Save tier' }).click();
  await expect(dialog).toBeHidden();
  await expect(user).toContainText(`${name} (15 groups, 40 members each)`);

  // The operator's own account: its tier can change, but it cannot be disabled or deleted here.
  await page.getByLabel('Search by name or email').fill(operator.username);
  await page.getByRole('button', { name: 'Search' }).click();
  const own = page.locator(`[data-user="${operator.username}"]`);
  await expect(own.getByText('Your own account cannot be disabled or deleted here.')).toBeVisible();
  await expect(own.getByRole('button', { name: /Disable the sign-in|Delete the account/ })).toHaveCount(0);
});
