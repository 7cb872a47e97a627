import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { addDays, type ExportDocument } from '@pushup/shared';
import { idTokenFor, logPushupsViaApi } from '../support/api';
import { signedInNewUser } from '../support/pages';
import { PASSWORD } from '../support/users';

// The profile's Your data card (docs/product.md, "Your data"), in a zone where the page's
// days and the seeded entries' days are the same.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const today = () => new Date().toISOString().slice(0, 10);
const noonOf = (day: string) => `${day}T12:00:00.000Z`;

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

/** Clicks a download button and answers the saved file's name and text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    yourData(page).getByRole('button', { name: button }).click(),
  ]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(saved, 'utf8') };
}

/** Chooses a CSV file in the import's file field and waits for its preview. */
async function chooseFile(page: Page, name: string, text: string) {
  await yourData(page)
    .getByLabel('Import entries')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await expect(yourData(page).getByRole('heading', { name: `What ${name} holds` })).toBeVisible();
}

test('downloads everything as JSON and the entries as CSV, each as a file', async ({ page }) => {
  const { email, username } = await signedInNewUser(page, 'export');
  const token = await idTokenFor(email, PASSWORD);
  const older = await logPushupsViaApi(token, 30, noonOf(addDays(today(), -2)), 'UTC');
  const newer = await logPushupsViaApi(token, 25, noonOf(addDays(today(), -1)), 'UTC');
  await page.goto('/profile');

  const json = await download(page, 'Download my data');
  expect(json.name).toBe(`pushup-tracker-data-${username}-${today()}.json`);
  const doc = JSON.parse(json.text) as ExportDocument;
  expect(doc.profile).toMatchObject({ username, email: email.toLowerCase() });
  expect(doc.totals.total).toBe(55);
  expect(doc.entries.map((e) => e.uuid)).toEqual([older.uuid, newer.uuid]);
  await expect(page.getByText(`Saved ${json.name}`)).toBeVisible();

  const csv = await download(page, 'Download entries (CSV)');
  expect(csv.name).toBe(`pushup-tracker-entries-${username}-${today()}.csv`);
  expect(csv.text).toBe(`instant,day,count\n${older.date},${older.day},30\n${newer.date},${newer.day},25\n`);
});

test('imports a file after its preview: refused rows with their reasons, then the same file adds nothing', async ({
  page,
}) => {
  await signedInNewUser(page, 'import');
  await page.goto('/profile');
  const card = yourData(page);
  const day = addDays(today(), -3);
  const file = [
    'date,count',
    `${day},1000`,
    `${day},1000`, // the e2e server allows 1,500 a day
    `${addDays(today(), -2)},0`,
    `${addDays(today(), 1)},5`,
    `${addDays(today(), -1)},45`,
  ].join('\n');

  await chooseFile(page, 'history.csv', file);
  await expect(card.getByText('5 rows read')).toBeVisible();
  await expect(card.getByText('2 entries to import: 1,045 pushups on 2 days')).toBeVisible();
  await expect(card.getByText('0 rows already in your log (skipped)')).toBeVisible();
  await expect(card.getByText('3 rows refused')).toBeVisible();
  const refused = card.getByRole('table', { name: 'Rows that will not be imported, and why' });
  await expect(refused.getByRole('row')).toHaveCount(4);
  await expect(refused).toContainText(
    `You can log at most 1,500 push-ups a day: 1,000 are already logged for ${day}`,
  );
  await expect(refused).toContainText('Pushup count must be a whole number between 1 and 1000');
  await expect(refused).toContainText('Cannot select future dates');

  // Cancel writes nothing; choosing the file again and importing writes both entries at once.
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();
  await chooseFile(page, 'history.csv', file);
  await card.getByRole('button', { name: 'Import 2 entries' }).click();
  await expect(page.getByText('Imported 2 entries')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'What history.csv holds' })).toBeHidden();

  await page.goto('/');
  await expect(page.getByText(/^1,?045 recorded$/)).toBeVisible();

  // The same file again: its entries are already in the log.
  await page.goto('/profile');
  await chooseFile(page, 'history.csv', file);
  await expect(card.getByText('2 rows already in your log (skipped)')).toBeVisible();
  await expect(card.getByText('Nothing in this file to import.')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
});
