import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { checkPage, screenshotDir, screenshotForReview } from '../support/a11y';
import { callApi, logPushupsViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  acceptInviteViaApi,
  createGroupViaApi,
  createInviteViaApi,
  groupName,
  requestJoinViaApi,
} from '../support/groups';
import { signedInNewUser } from '../support/pages';
import {
  type ApiUser,
  createEmulatorAccount,
  invite,
  PASSWORD,
  registeredUser,
  tokenOf,
  uniqueEmail,
} from '../support/users';
import { groupCard, memberRow, signInAs, toast } from './group-pages';

// A group's home (/groups/:id): its board, its chart and its members, for admins the waiting
// requests and invite links first; linked from every place a group is named. Several people each:
// three times the usual limit.
test.slow();

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * `YYYY-MM-DD` of `offset` days from today (UTC, the browser's zone here), and an instant of it to log
 * at: noon, or for today a moment ago while noon is still to come (the server refuses the future).
 */
function day(offset: number): { day: string; at: string } {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  const iso = date.toISOString().slice(0, 10);
  const noon = `${iso}T12:00:00.000Z`;
  const momentAgo = new Date(Date.now() - 1000).toISOString();
  return { day: iso, at: momentAgo < noon && momentAgo.startsWith(iso) ? momentAgo : noon };
}

/** Puts `member` into the group through an invite link of its admin. */
async function join(adminToken: string, groupId: string, member: ApiUser): Promise<void> {
  const link = await createInviteViaApi(adminToken, groupId);
  await acceptInviteViaApi(member.token, link.code);
}

async function logOn(user: { token: string }, offset: number, count: number) {
  await logPushupsViaApi(user.token, count, day(offset).at, 'UTC');
}

/** Both colour schemes: axe and the screenshot of each (checkPage takes both widths). */
async function checkBothThemes(page: Page, name: string, ready: Locator) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Loaded again: a page without a chart does not follow the device's scheme while open.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await checkPage(page, `${name}-${colorScheme}`, ready, { untilToastsLeave: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an admin finds each group’s home from every place it is named, the busy one first, and approves at the top', async ({
  page,
  otherPerson,
}) => {
  const admin = await signedInNewUser(page, 'coach');
  const adminToken = await tokenOf(admin.email);
  // The quiet group is made first and sorts first by name: only its waiting requests put the busy one first.
  const quiet = await createGroupViaApi(adminToken, groupName('Aa Quiet'));
  const busy = await createGroupViaApi(adminToken, groupName('Zz Busy'), 'Sets before work, every day.');
  const mia = await registeredUser('mia');
  const ann = await registeredUser('ann');
  await join(adminToken, busy.id, mia);
  await requestJoinViaApi(ann.token, busy.id);
  await logOn({ token: adminToken }, -1, 30);
  await logOn(mia, -1, 25);
  await logOn(mia, 0, 15);

  // The dashboard's list: the group with a request waiting first, each named by a link to its home.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const yourGroups = page.getByRole('list', { name: 'Your groups' });
  await expect(yourGroups.getByRole('listitem')).toHaveCount(2);
  await expect(yourGroups.getByRole('listitem').first()).toContainText(busy.name);
  await expect(yourGroups.getByRole('listitem').last()).toContainText(quiet.name);
  await yourGroups.getByRole('link', { name: new RegExp(busy.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${busy.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: busy.name })).toBeVisible();
  await expect(page.getByText('Sets before work, every day.')).toBeVisible();

  // On a phone the request waits at the top, Approve within the first screen, above the board.
  const tasks = page.getByRole('region', { name: 'Requests and invites' });
  const approve = tasks.getByRole('button', { name: `Approve ${ann.username}` });
  await expect(approve).toBeVisible();
  const approveBox = await approve.boundingBox();
  const board = page.getByRole('region', { name: 'Group Leaderboard' });
  const boardBox = await board.boundingBox();
  if (!approveBox || !boardBox) throw new Error('no boxes');
  expect(approveBox.y + approveBox.height).toBeLessThanOrEqual(PHONE.height);
  expect(approveBox.y).toBeLessThan(boardBox.y);
  await expect(tasks.getByRole('region', { name: 'Invite links' })).toBeVisible();

  // Its board with week, month and total; its chart; its members.
  await expect(board.getByRole('columnheader')).toHaveText(['#', 'Name', 'Week', 'Month', 'Total']);
  await expect(board.getByRole('row').filter({ hasText: mia.username })).toContainText('40');
  await expect(board.getByRole('row').filter({ hasText: admin.username })).toContainText('30');
  const chart = page.getByRole('region', { name: 'Pushups per day' });
  await expect(chart.getByRole('img', { name: new RegExp(`${mia.username}: 40`) })).toBeVisible();
  await expect(chart.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    'You',
    mia.username,
  ]);
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByTitle(mia.username, { exact: true })).toBeVisible();
  await screenshotForReview(page, path.join(screenshotDir, 'group-home-admin-first-screen-phone.png'));
  await checkBothThemes(page, 'group-home-admin', page.getByRole('heading', { level: 1, name: busy.name }));

  // /groups: the busy group's card first, its name a link to its home.
  await page.setViewportSize(DESKTOP);
  await page.goto('/groups');
  const cards = page.getByRole('region', { name: /Aa Quiet|Zz Busy/ });
  await expect(cards.first()).toHaveAccessibleName(busy.name);
  await groupCard(page, quiet.name).getByRole('link', { name: quiet.name }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${quiet.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: quiet.name })).toBeVisible();

  // Approving on the group's home: the new member is on its list at once.
  await page.goto(`/groups/${busy.id}`);
  await page
    .getByRole('region', { name: 'Requests and invites' })
    .getByRole('button', { name: `Approve ${ann.username}` })
    .click();
  await expect(toast(page, `${ann.username} joined the group`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Members' }).getByTitle(ann.username, { exact: true }),
  ).toBeVisible();

  // The selected group's board on the dashboard names the group by a link to its home.
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Your Groups' })
    .getByRole('button', { name: new RegExp(busy.name) })
    .click();
  await page
    .getByRole('region', { name: 'Group Leaderboard' })
    .getByRole('link', { name: busy.name })
    .click();
  await expect(page).toHaveURL(new RegExp(`/groups/${busy.id}$`));

  // Someone outside the group is taken to its share page, which has the Join button.
  const outsider = await otherPerson();
  const stranger = await registeredUser('stranger');
  await signInAs(outsider, stranger.email);
  await outsider.goto(`/groups/${busy.id}`);
  await expect(outsider).toHaveURL(new RegExp(`/groups/${busy.id}/join$`));
});

test('a member’s group home: the board, a chart of five members readable on a phone, the members; no admin tasks', async ({
  page,
}) => {
  const owner = await registeredUser('owner');
  const group = await createGroupViaApi(owner.token, groupName('Five Alive'));
  const others = [await registeredUser('ben'), await registeredUser('cal'), await registeredUser('dee')];
  for (const other of others) await join(owner.token, group.id, other);
  const me = await signedInNewUser(page, 'member');
  const meUser = { email: me.email, username: me.username, token: await tokenOf(me.email) };
  await join(owner.token, group.id, meUser);
  const everyone = [owner, ...others, meUser];
  for (const [i, person] of everyone.entries()) {
    for (let offset = -6; offset <= 0; offset++)
      await logOn(person, offset, 5 + ((i * 7 + offset * 3 + 40) % 23));
  }

  await page.setViewportSize(PHONE);
  await page.goto('/groups');
  await groupCard(page, group.name).getByRole('link', { name: "Open the group's page" }).click();
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Requests and invites' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Group Leaderboard' }).getByRole('row')).toHaveCount(6);
  await expect(memberRow(page.locator('main'), owner.username)).toContainText('Admin');

  // Five lines, told apart by colour, dash and mark; each name whole in the legend, on a phone.
  const chart = page.getByRole('region', { name: 'Pushups per day' });
  const legend = chart.getByRole('list', { name: 'Legend' }).getByRole('listitem');
  await expect(legend).toHaveText(['You', owner.username, ...others.map((o) => o.username)]);
  for (const entry of await legend.all()) {
    const cut = await entry.locator('span').evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
  }
  const canvas = await chart.locator('canvas').boundingBox();
  expect(canvas?.height).toBeGreaterThanOrEqual(220);
  await expect(chart.getByRole('table')).toBeAttached();
  await chart.scrollIntoViewIfNeeded();
  await screenshotForReview(chart, path.join(screenshotDir, 'group-home-chart-five-phone.png'));
  await checkBothThemes(page, 'group-home-member', page.getByRole('heading', { level: 1, name: group.name }));
});

/**
 * The member-coloured pixels of a chart's canvas, column by column: for each x where the colour
 * is, the mean y. Where two members' lines cross the other colour hides it for a pixel or two.
 */
async function columnsOfColour(canvas: Locator, rgb: [number, number, number]) {
  return canvas.evaluate((element, target) => {
    const c = element as HTMLCanvasElement;
    const context = c.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const { data, width, height } = context.getImageData(0, 0, c.width, c.height);
    const columns: { x: number; y: number; top: number; count: number }[] = [];
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      let top = height;
      for (let y = 0; y < height; y++) {
        const i = (y * width + x) * 4;
        const distance =
          Math.abs((data[i] ?? 0) - target[0]) +
          Math.abs((data[i + 1] ?? 0) - target[1]) +
          Math.abs((data[i + 2] ?? 0) - target[2]);
        if ((data[i + 3] ?? 0) > 200 && distance < 60) {
          sum += y;
          count++;
          top = Math.min(top, y);
        }
      }
      if (count > 0) columns.push({ x, y: sum / count, top, count });
    }
    return columns;
  }, rgb);
}

/** Until the canvas has drawn the same picture in three frames in a row: a chart's drawing (and any resize) is done. */
async function drawingDone(canvas: Locator): Promise<void> {
  await canvas.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const target = element as HTMLCanvasElement;
        let last = '';
        let same = 0;
        const look = () => {
          const now = `${target.width}x${target.height}:${target.toDataURL()}`;
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 2) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

/**
 * A member whose last days are 0, 10, 60, 0 (a rise to a peak and back): a straight segment rises
 * linearly into the peak, a smoothed curve bends on its way up (by over 3 pixels with Chart.js's
 * tension of 0.25, at both widths). Returns how far the line
 * strays from the straight one (pixels) in the middle of its rise, and how wide the peak's mark is.
 */
async function riseOfPeak(canvas: Locator) {
  const columns = await columnsOfColour(canvas, [0, 114, 178]);
  if (columns.length === 0) throw new Error('no member line drawn');
  const peak = columns.reduce((best, column) => (column.top < best.top ? column : best));
  const base = Math.max(...columns.map((column) => column.y));
  const height = base - peak.top;
  // The middle of the rise, away from the marks at both of its ends.
  const rise = columns.filter(
    (column) =>
      column.x < peak.x - 6 &&
      column.x > peak.x - 200 &&
      column.y > peak.top + height * 0.25 &&
      column.y < base - height * 0.25,
  );
  expect(rise.length, 'columns in the middle of the rise').toBeGreaterThan(5);
  const n = rise.length;
  const mx = rise.reduce((s, c) => s + c.x, 0) / n;
  const my = rise.reduce((s, c) => s + c.y, 0) / n;
  const slope =
    rise.reduce((s, c) => s + (c.x - mx) * (c.y - my), 0) / rise.reduce((s, c) => s + (c.x - mx) ** 2, 0);
  const stray = Math.max(...rise.map((c) => Math.abs(my + slope * (c.x - mx) - c.y)));
  const peakWidth = columns.filter(
    (column) => Math.abs(column.x - peak.x) <= 6 && column.top <= peak.top + 3,
  ).length;
  console.log(
    `rise: ${n} columns, ${stray.toFixed(2)} px off the straight line; peak mark ${peakWidth} px wide`,
  );
  return { stray, peakWidth };
}

test('members’ lines are straight from day to day, with a mark on each day, on the group’s home and the dashboard', async ({
  page,
}) => {
  const me = await signedInNewUser(page, 'plotter');
  const myToken = await tokenOf(me.email);
  const group = await createGroupViaApi(myToken, groupName('Straight Lines'));
  const mia = await registeredUser('mia');
  await join(myToken, group.id, mia);
  await logOn(mia, -2, 10);
  await logOn(mia, -1, 60);

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // The group's home, 7 days: mia's line rises straight to her 60 and has a mark there.
    await page.goto(`/groups/${group.id}`);
    const chart = page.getByRole('region', { name: 'Pushups per day' });
    await chart.getByRole('button', { name: '7 Days' }).click();
    const canvas = chart.locator('canvas');
    await expect(canvas).toBeVisible();
    await drawingDone(canvas);
    const home = await riseOfPeak(canvas);
    expect(home.stray, `group home at ${size.width}px: off the straight line`).toBeLessThanOrEqual(1.2);
    expect(home.peakWidth, `group home at ${size.width}px: a mark on the peak`).toBeGreaterThanOrEqual(5);
    await screenshotForReview(chart, path.join(screenshotDir, `group-chart-straight-${size.width}.png`));

    // The dashboard's daily chart with the group selected: the same line over the user's bars.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Your Groups' })
      .getByRole('button', { name: new RegExp(group.name) })
      .click();
    const daily = page.getByRole('region', { name: /^Last \d+ Days$/ });
    await daily.getByRole('button', { name: '7 Days' }).click();
    await daily.scrollIntoViewIfNeeded();
    await expect(daily.getByRole('list', { name: 'Legend' })).toBeVisible();
    await drawingDone(daily.locator('canvas'));
    const dashboard = await riseOfPeak(daily.locator('canvas'));
    expect(dashboard.stray, `dashboard at ${size.width}px: off the straight line`).toBeLessThanOrEqual(1.2);
    expect(dashboard.peakWidth, `dashboard at ${size.width}px: a mark on the peak`).toBeGreaterThanOrEqual(5);
  }
});

/** An invited user with a username of the full 30 characters, through the API. */
async function longNamedUser(): Promise<ApiUser> {
  const username = `sam_${Math.random().toString(36).slice(2, 8)}_${'rivera_'.repeat(3)}ok`.slice(0, 30);
  const email = uniqueEmail('longname');
  await invite(email);
  await createEmulatorAccount(email, PASSWORD);
  const token = await tokenOf(email);
  await callApi(token, 'POST', '/api/users', { username, email });
  return { email, username, token };
}

/** Whether the element shows all of its text (nothing cut off with an ellipsis or hidden). */
async function showsWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      element.scrollWidth <= element.clientWidth + 1 &&
      box.width > 0 &&
      !getComputedStyle(element).textOverflow.includes('ellipsis')
    );
  });
}

test('names are whole: group rows and the group board give names the room, badges go below', async ({
  page,
}) => {
  const admin = await longNamedUser();
  const name = `Morning Crew ${Math.random().toString(36).slice(2, 8)} Riverside`.slice(0, 30);
  const group = await createGroupViaApi(admin.token, name);
  const mate = await longNamedUser();
  await join(admin.token, group.id, mate);
  const asker = await registeredUser('asker');
  await requestJoinViaApi(asker.token, group.id);
  await logOn(admin, -1, 12);
  await logOn(mate, -1, 9);
  await signInAs(page, admin.email);

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/');
    const row = page
      .getByRole('list', { name: 'Your groups' })
      .getByRole('listitem')
      .filter({ hasText: name });
    const nameText = row.getByText(name, { exact: true });
    await expect(nameText).toBeVisible();
    expect(await showsWhole(nameText), `the group's name at ${size.width}px`).toBe(true);
    const nameBox = await nameText.boundingBox();
    for (const badge of [row.getByText('Admin', { exact: true }), row.getByText('1 request waiting')]) {
      const box = await badge.boundingBox();
      if (!box || !nameBox) throw new Error('no boxes');
      expect(box.y, `a badge below the name at ${size.width}px`).toBeGreaterThanOrEqual(
        nameBox.y + nameBox.height - 1,
      );
    }
    await screenshotForReview(row, path.join(screenshotDir, `your-groups-long-name-${size.width}.png`));

    await page.goto(`/groups/${group.id}`);
    const board = page.getByRole('region', { name: 'Group Leaderboard' });
    for (const person of [admin, mate]) {
      const cellName = board.getByText(person.username, { exact: true });
      await expect(cellName).toBeVisible();
      expect(await showsWhole(cellName), `${person.username} on the board at ${size.width}px`).toBe(true);
      const box = await cellName.boundingBox();
      const cell = await board.getByRole('cell').filter({ hasText: person.username }).boundingBox();
      if (!box || !cell) throw new Error('no boxes');
      expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width + 1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await screenshotForReview(board, path.join(screenshotDir, `group-board-long-names-${size.width}.png`));
  }
});

test('finding a group: suggestions before anything is typed; a request sent waits on /groups with Cancel', async ({
  page,
}) => {
  const owner = await registeredUser('owner');
  const big = await createGroupViaApi(owner.token, groupName('Big Suggested'));
  for (const prefix of ['one', 'two', 'three']) await join(owner.token, big.id, await registeredUser(prefix));
  await signedInNewUser(page, 'seeker');

  // The dashboard's search: the group is suggested before a letter is typed.
  const card = page.getByRole('region', { name: 'Your Groups' });
  await card.getByRole('button', { name: 'Search groups' }).click();
  const suggested = card.getByRole('list', { name: 'Suggested groups' });
  await expect(suggested.getByRole('listitem').filter({ hasText: big.name })).toContainText('4/10 members');

  // /groups: the same suggestions; Join sends the request.
  await page.goto('/groups');
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  await page.getByRole('button', { name: 'Find a group' }).click();
  const row = page
    .getByRole('list', { name: 'Suggested groups' })
    .getByRole('listitem')
    .filter({ hasText: big.name });
  await row.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(toast(page, 'Join request sent successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Request Pending' })).toBeVisible();

  // Coming back, the request waits there with Cancel, instead of 'not in any group'.
  await page.reload();
  const pending = page.getByRole('list', { name: 'Pending Join Requests' });
  await expect(pending.getByRole('listitem').filter({ hasText: big.name })).toBeVisible();
  await expect(page.getByText('You are not in any group yet')).toHaveCount(0);
  await checkBothThemes(page, 'groups-pending-request', pending);
  await page.setViewportSize(PHONE);
  await screenshotForReview(page, path.join(screenshotDir, 'groups-pending-request-first-screen-phone.png'));

  await pending.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Join request cancelled')).toBeVisible();
  await expect(page.getByText('You are not in any group yet')).toBeVisible();
  await expect(pending).toHaveCount(0);
});
