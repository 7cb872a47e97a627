import type { Page } from '@playwright/test';
import { logPushupsViaApi } from '../support/api';
import { E2E } from '../support/env';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { dismissConsent, signInThroughUi } from '../support/pages';
import { type ApiUser, registeredUser } from '../support/users';

/**
 * The signed-in visitor of `/`: a user with a username, two weeks of entries and a group with a
 * friend in it, so the dashboard loads everything a regular user's dashboard loads.
 */
export async function seedRegularUser(): Promise<ApiUser> {
  const user = await registeredUser('bench');
  const friend = await registeredUser('friend');
  await logDays(user, 14);
  await logDays(friend, 7);
  const group = await createGroupViaApi(user.token, groupName('Bench'), 'Morning sets');
  const invite = await createInviteViaApi(user.token, group.id);
  await acceptInviteViaApi(friend.token, invite.code);
  return user;
}

/** One entry a day at 12:00 UTC for the last `days` days, today included. */
async function logDays(user: ApiUser, days: number): Promise<void> {
  const today = new Date();
  for (let daysAgo = 0; daysAgo < days; daysAgo++) {
    const day = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, 12),
    );
    if (day.getTime() > Date.now()) day.setTime(Date.now());
    await logPushupsViaApi(user.token, 20 + ((daysAgo * 7) % 15), day.toISOString(), 'UTC');
  }
}

/** Signs in through the login form (as a user would), waits for the dashboard, closes the consent banner. */
export async function signIn(page: Page, email: string): Promise<void> {
  await signInThroughUi(page, email);
  await page.waitForURL(`${E2E.baseUrl}/`);
  await page.getByRole('button', { name: 'Submit Pushups' }).waitFor();
  await dismissConsent(page);
}
