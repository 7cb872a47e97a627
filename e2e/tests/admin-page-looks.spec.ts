import { expect, type Page, test } from '@playwright/test';
import { checkPage } from '../support/a11y';
import { createGroupViaApi, groupName } from '../support/groups';
import { signInWithStoredSession } from '../support/session';
import { grantOperator, invite, PASSWORD, registeredUser, uniqueEmail } from '../support/users';

// Every section of the admin page, light and dark: axe finds nothing, nothing scrolls sideways at a
// phone's or a desktop's width (support/a11y.ts, checkPage; E2E_SCREENSHOTS=1 leaves a picture of
// each in .tmp/screenshots/admin-<section>-<theme>-<width>.png).

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
  await invite(uniqueEmail('waiting'));
  await signInWithStoredSession(page, operator.email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
}

test('every admin section passes axe in the light and the dark theme', async ({ page }) => {
  test.setTimeout(240_000);
  await operatorOnAdminPage(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const section of SECTIONS) {
      await page.getByRole('tab', { name: section, exact: true }).click();
      const panel = page.getByRole('tabpanel');
      // Each section's first answer is on screen, not its loading line.
      await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(panel.getByText(/^Loading/)).toHaveCount(0);
      if (section === 'Usage') await expect(panel.locator('canvas')).toBeVisible();
      // The tabs and the sections' lists are laid out anew at a desktop's width: axe looks there too, once.
      const axe = section === 'Users' && theme === 'light' ? 'both' : 'phone';
      await checkPage(page, `admin-${section.toLowerCase()}-${theme}`, undefined, { axe });
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
  }
});

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
