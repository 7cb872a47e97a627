import { type PublicProfile, pathOf, publicProfileCalls } from '@pushup/shared';
import { useEffect, useState } from 'react';

/**
 * GET /api/public/profiles/:username, without a token (a signed-out visitor has none): the profile,
 * or null for a private profile or a name no one holds (the same 404). Other failures throw.
 */
export async function fetchPublicProfile(
  username: string,
  signal?: AbortSignal,
): Promise<PublicProfile | null> {
  const response = await fetch(pathOf(publicProfileCalls.read, { username }), {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`GET public profile: ${response.status}`);
  return (await response.json()) as PublicProfile;
}

export type PublicProfileState =
  | { kind: 'loading' }
  | { kind: 'found'; profile: PublicProfile }
  | { kind: 'not-found' }
  | { kind: 'failed'; retry: () => void };

/** The public profile at /u/:username, for anyone, signed in or not. */
export function usePublicProfile(username: string): PublicProfileState {
  const [state, setState] = useState<PublicProfileState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) fetches again
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchPublicProfile(username, controller.signal).then(
      (profile) => setState(profile ? { kind: 'found', profile } : { kind: 'not-found' }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed', retry: () => setAttempt((n) => n + 1) });
      },
    );
    return () => controller.abort();
  }, [username, attempt]);
  return state;
}
