import type { AchievementStatus } from '@pushup/shared';
import { emulatorPost } from './emulator';
import { E2E } from './env';

/**
 * Acting as a signed-in user through the API, for seeding: an ID token from the Auth Emulator's
 * REST API, then the same calls the web app makes (bearer token, X-Timezone).
 */

export interface SeededEntry {
  uuid: string;
  count: number;
  date: string;
  day: string;
}

/** Signs in with email and password at the Auth Emulator and returns the ID token. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const { idToken } = await emulatorPost<{ idToken?: unknown }>('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  if (typeof idToken !== 'string') throw new Error('emulator signInWithPassword answered without idToken');
  return idToken;
}

/** POST /api/pushups as the token's user: `count` push-ups at the instant `isoDate`, days in `timeZone`. */
export async function logPushupsViaApi(
  token: string,
  count: number,
  isoDate: string,
  timeZone: string,
): Promise<SeededEntry> {
  const response = await fetch(`${E2E.baseUrl}/api/pushups`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-Timezone': timeZone,
    },
    body: JSON.stringify({ count, date: isoDate }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/pushups answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as SeededEntry;
}

/** DELETE /api/pushups/{uuid} as the token's user (another device removing an entry). */
export async function deletePushupViaApi(token: string, uuid: string): Promise<void> {
  const response = await fetch(`${E2E.baseUrl}/api/pushups/${encodeURIComponent(uuid)}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 204) {
    throw new Error(`DELETE /api/pushups/${uuid} answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * Any API call as the token's user (seeding, or another device acting meanwhile); answers the JSON
 * body. A status other than `expected` (when given), or any failure, fails the test with the answer.
 */
export async function callApi<T = unknown>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  expected?: number,
): Promise<T> {
  const response = await fetch(`${E2E.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Timezone': 'UTC',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (expected === undefined ? !response.ok : response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Marks the user's unseen achievements as announced on another device: a page then shows no
 * announcement over what the test looks at, whether or not it asked for the achievements after the
 * one just earned (the session snapshot may still hold the answer from before it).
 */
export async function markAchievementsSeenViaApi(token: string): Promise<void> {
  const achievements = await callApi<AchievementStatus[]>(token, 'GET', '/api/achievements');
  const ids = achievements.filter((achievement) => achievement.unseen).map((achievement) => achievement.id);
  if (ids.length > 0) await callApi(token, 'POST', '/api/achievements/seen', { ids }, 204);
}
