import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FAKE_CAMERA_ALLOWED } from '../support/camera-counter';
import { E2E } from '../support/env';
import { signedInNewUser } from '../support/pages';

// The camera counter in a dark room (docs/product.md, "Counting with the camera"): the fake camera
// plays an almost black clip (e2e/test-data/camera/README.md) to the real pose model.

const DARK_ROOM = path.join(E2E.repoRoot, 'e2e', 'test-data', 'camera', 'dark-room.mjpeg');

test.use({
  launchOptions: {
    ...FAKE_CAMERA_ALLOWED,
    args: [...FAKE_CAMERA_ALLOWED.args, `--use-file-for-fake-video-capture=${DARK_ROOM}`],
  },
  locale: 'en-US',
});
test.slow();

test('a dark picture asks for more light, and nobody is counted', async ({ page }) => {
  await signedInNewUser(page, 'camdark');
  await page.getByRole('button', { name: 'Count with camera' }).click();
  const screen = page.getByRole('dialog', { name: 'Count with camera' });
  await screen.getByRole('button', { name: 'Start the camera' }).click();
  await expect(screen.getByText('It is dark: more light helps the camera see you.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(screen.getByRole('status')).toHaveText('Nobody in view. Move so the camera sees all of you.');
  await screen.getByRole('button', { name: 'Stop' }).click();
  await expect(screen).toContainText('Nothing was counted.');
});
