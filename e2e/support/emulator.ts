import { E2E } from './env';

/**
 * POST to the Auth Emulator's REST API and answer the JSON. Node's fetch may reuse a kept-alive
 * socket the emulator closes at that moment ('fetch failed', cause 'other side closed'): the call
 * then gets one more try on a new socket.
 */
export async function emulatorPost<T>(endpoint: string, body: unknown): Promise<T> {
  const call = () =>
    fetch(`${E2E.authEmulatorUrl}/identitytoolkit.googleapis.com/v1/${endpoint}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
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
