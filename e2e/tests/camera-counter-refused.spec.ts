import { expect, test } from '@playwright/test';
import { FAKE_CAMERA_ASKED } from '../support/camera-counter';
import { signedInNewUser } from '../support/pages';

// The camera counter when the camera is refused (docs/product.md, "Counting with the camera"): the
// browser asks, and the question is answered no.

test.use({ launchOptions: FAKE_CAMERA_ASKED, locale: 'en-US' });

test('the privacy policy says camera frames stay on the device', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Counting with the camera' })).toBeVisible();
  await expect(
    page.getByText(/frames are processed on your device only: nothing of the video is stored or sent/),
  ).toBeVisible();
});

test('a refused camera is explained, nothing of the model loads, and the manual counter still works', async ({
  page,
}) => {
  await signedInNewUser(page, 'camno');
  const modelRequests: string[] = [];
  page.on('request', (request) => {
    if (/pose-(detector|runtime)|\/models\/pose\//.test(request.url())) modelRequests.push(request.url());
  });
  await page.getByRole('button', { name: 'Count with camera' }).click();
  const screen = page.getByRole('dialog', { name: 'Count with camera' });
  await screen.getByRole('button', { name: 'Start the camera' }).click();
  const alert = screen.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'The camera is not allowed' })).toBeVisible();
  await expect(alert).toContainText('You did not allow this app to use the camera');
  await expect(alert).toContainText('You can count with the counter as always.');
  expect(modelRequests).toEqual([]);

  await alert.getByRole('button', { name: 'Back to the counter' }).click();
  await expect(screen).toHaveCount(0);
  // The keyboard is back on the button that opened the counter.
  await expect(page.getByRole('button', { name: 'Count with camera' })).toBeFocused();
  await page.getByRole('button', { name: 'Increase count' }).click();
  await page.getByRole('button', { name: 'Add 10' }).click();
  await expect(page.getByLabel('Pushup count')).toHaveValue('11');
  await page.getByRole('button', { name: 'Submit Pushups' }).click();
  await expect(page.getByText('11 recorded')).toBeVisible();
});
