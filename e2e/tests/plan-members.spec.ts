import { expect, test } from '@playwright/test';
import { callApi, idTokenFor } from '../support/api';
import { acceptInviteViaApi, createGroupViaApi, createInviteViaApi, groupName } from '../support/groups';
import { signedInNewUser } from '../support/pages';
import { startPlanViaApi } from '../support/plans';
import { PASSWORD, registeredUser } from '../support/users';

// A group member's plan on the group's page, when they share it (docs/product.md, "Training plans:
// screens"), and the placement tests on the profile.

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.slow();

test('a group’s page shows the plan of a member who shares it, and not of one who does not', async ({
  page,
}) => {
  const { email } = await signedInNewUser(page, 'pmembers');
  const token = await idTokenFor(email, PASSWORD);
  const group = await createGroupViaApi(token, groupName('plans'));
  const { code } = await createInviteViaApi(token, group.id);
  const sharer = await registeredUser('sharer');
  const keeper = await registeredUser('keeper');
  await acceptInviteViaApi(sharer.token, code);
  await acceptInviteViaApi(keeper.token, code);
  await startPlanViaApi(sharer.token, { level: 2, shared: true });
  await startPlanViaApi(keeper.token, { planId: 'thirty-day', shared: false });
  // The sharer's first workout, done on their phone.
  const state = await callApi<{ plan: { next: { index: number; sets: { reps: number }[] } } }>(
    sharer.token,
    'GET',
    '/api/plan',
  );
  await callApi(sharer.token, 'POST', '/api/workouts', {
    id: crypto.randomUUID(),
    session: state.plan.next.index,
    sets: state.plan.next.sets.map((set) => set.reps),
  });

  await page.goto(`/groups/${group.id}`);
  const members = page.getByRole('region', { name: /Members/ });
  const sharerRow = members.getByRole('listitem').filter({ hasText: sharer.username });
  await expect(
    sharerRow.getByText(/100 in a row in 6 weeks, Level 2 · session 2 of 21 · last workout/),
  ).toBeVisible();
  const keeperRow = members.getByRole('listitem').filter({ hasText: keeper.username });
  await expect(keeperRow).toBeVisible();
  await expect(keeperRow.getByText(/30-day challenge/)).toHaveCount(0);
});
