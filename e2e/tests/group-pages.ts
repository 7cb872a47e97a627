/**
 * The group pages' parts as a user finds them (/groups, /invite/:code, /groups/:id/join), shared by
 * the specs of those pages.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { signInWithStoredSession } from '../support/session';
import { PASSWORD } from '../support/users';

/** A user who exists through the API, signed in on the dashboard (support/session.ts). */
export async function signInAs(page: Page, email: string): Promise<void> {
  await signInWithStoredSession(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
}

export function groupCard(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The members' rows (each says when its member joined; their achievements are list items too). */
export function memberRows(card: Locator): Locator {
  return card.getByRole('region', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'Joined' });
}

export function memberRow(card: Locator, username: string): Locator {
  return memberRows(card).filter({ hasText: username });
}

/** The toast, and only it (a row or a dialog may hold similar text). */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text }).last();
}
