import { expect, type Page, test } from '@playwright/test';
import { callApi, idTokenFor } from '../support/api';
import { chooseUsername, signedInNewUser, signInWithGoogleThroughUi } from '../support/pages';
import { invite, PASSWORD, uniqueEmail, uniqueUsername } from '../support/users';

/**
 * Collects what Chromium reports as blocked by the Content-Security-Policy, across navigations: the
 * console's messages, and DevTools' issues, which also name a blocked eval that the code caught.
 */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const session = await page.context().newCDPSession(page);
  session.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
  });
  await session.send('Audits.enable');
  return violations;
}

test('every page runs under the Content-Security-Policy with nothing blocked', async ({ page }) => {
  const violations = await watchCspViolations(page);

  // The Google path: the Firebase SDK, the emulator's sign-in and the inline config script.
  const email = uniqueEmail('csp');
  await invite(email);
  await signInWithGoogleThroughUi(page, 'Casey Policy', email);
  await expect(page).toHaveURL(/\/$/);
  await chooseUsername(page, uniqueUsername('csp'));

  await page.getByLabel('Pushup count').fill('12');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('Pushups submitted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last 30 Days' })).toBeVisible();

  for (const [path, heading] of [
    ['/log-history', 'Log History'],
    ['/groups', 'Group Management'],
    ['/profile', /Profile/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }

  // Swagger UI has a policy of its own.
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Pushup Tracker API/ })).toBeVisible();

  expect(violations).toEqual([]);
});

test('a rate limit is shown to the user with the server’s wording', async ({ page }) => {
  const { email } = await signedInNewUser(page, 'limited');
  const token = await idTokenFor(email, PASSWORD);
  // Use up this user's 60 searches of the minute through the API, as a script would.
  for (let i = 0; i < 60; i++) await callApi(token, 'GET', '/api/groups/search?q=zz');

  const card = page.getByRole('region', { name: 'Your Groups' });
  await card.getByRole('button', { name: 'Search groups' }).click();
  await card.getByLabel('Find a group').fill('runners');
  await card.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByText(/Too many searches: at most 60 a minute\. Please try again in \d+ seconds\./).first(),
  ).toBeVisible();
  // Nothing keeps turning after the refusal.
  await expect(card.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
});
