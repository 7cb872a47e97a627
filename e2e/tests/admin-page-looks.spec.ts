import { expect, type Page, test } from '@playwright/test';
import { checkPage } from '../support/a11y';
import { createGroupViaApi, groupName, registeredUser } from '../support/groups';
import { grantOperator } from '../support/operators';
import { dismissConsent, signInThroughUi } from '../support/pages';
import { invite, uniqueEmail } from '../support/users';

// Every section of the admin page at phone and desktop width, light and dark: axe finds nothing,
// nothing scrolls sideways, and a screenshot of each is left for a person to look at
// (.tmp/screenshots/admin-<section>-<theme>-<width>.png).

const SECTIONS = ['Invites', 'Users', 'Groups', 'Tiers', 'Usage', 'Audit'] as const;

/** A section's dialog, opened as an operator would, showing what it says at its fields. */
const DIALOGS: Partial<Record<(typeof SECTIONS)[number], (page: Page) => Promise<void>>> = {
  Users: async (page) => {
    await page
      .getByRole('button', { name: /^Change the tier of member_/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tier').selectOption({ label: 'Limits of their own' });
    await dialog.getByLabel('Max groups').fill('0');
    await dialog.getByRole('button', { name: 'Save tier' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
  },
  Groups: async (page) => {
    await page
      .getByRole('button', { name: /^Delete the group / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('not the name');
    await dialog.getByRole('button', { name: 'Delete group' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
  },
  Tiers: async (page) => {
    await page.getByRole('button', { name: 'New tier' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create tier' }).click();
    await expect(dialog.getByRole('alert').first()).toBeVisible();
  },
};

async function operatorOnAdminPage(page: Page): Promise<void> {
  const operator = await registeredUser('operator');
  grantOperator(operator.email);
  const member = await registeredUser('member');
  await createGroupViaApi(member.token, groupName('Morning crew'));
  invite(uniqueEmail('waiting'));
  await signInThroughUi(page, operator.email);
  await dismissConsent(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test(`every admin section passes axe at both widths in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: theme });
    await operatorOnAdminPage(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const section of SECTIONS) {
      await page.getByRole('tab', { name: section, exact: true }).click();
      const panel = page.getByRole('tabpanel');
      // Each section's first answer is on screen, not its loading line.
      await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(panel.getByText(/^Loading/)).toHaveCount(0);
      if (section === 'Usage') await expect(panel.locator('canvas')).toBeVisible();
      await checkPage(page, `admin-${section.toLowerCase()}-${theme}`);
      const opener = DIALOGS[section];
      if (opener) {
        await opener(page);
        await checkPage(page, `admin-${section.toLowerCase()}-dialog-${theme}`, page.getByRole('dialog'), {
          fullPage: false,
        });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    }
  });
}

test('the admin page speaks German and its tabs fit at both widths', async ({ page }) => {
  test.setTimeout(120_000);
  await operatorOnAdminPage(page);
  await page.getByRole('button', { name: 'Language and theme' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Personen', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Stufe von member_.* ändern$/ }).first()).toBeVisible();
  await checkPage(page, 'admin-users-de');
  await page.getByRole('tab', { name: 'Protokoll', exact: true }).click();
  await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
  await checkPage(page, 'admin-audit-de');
});
