import { E2E } from './env';

/**
 * POST to the Auth Emulator's REST API and answer the JSON: as the web SDK calls it, or `asAdmin`
 * as firebase-admin does (the project's own endpoint, with the emulator's admin key, which only a
 * caller without an Origin gets: apps/server/src/auth/emulator.ts). Node's fetch may reuse a
 * kept-alive socket the emulator closes at that moment ('fetch failed', cause 'other side closed'):
 * the call then gets one more try on a new socket.
 */
export async function emulatorPost<T>(endpoint: string, body: unknown, { asAdmin = false } = {}): Promise<T> {
  const url = asAdmin
    ? `${E2E.authEmulatorUrl}/identitytoolkit.googleapis.com/v1/projects/demo-pushup-tracker/${endpoint}`
    : `${E2E.authEmulatorUrl}/identitytoolkit.googleapis.com/v1/${endpoint}?key=demo-api-key`;
  const call = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(asAdmin ? { Authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    });
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    if (!(error instanceof TypeError && error.message === 'fetch failed')) throw error;
    response = await call();
  }
  if (!response.ok)
    throw new Error(`emulator ${endpoint} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
