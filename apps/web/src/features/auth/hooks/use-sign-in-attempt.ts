import { useState } from 'react';
import { rememberReturningVisitor } from '@/features/auth/api/returning-visitor';
import { authErrorMessage } from '@/lib/auth-errors';

type AttemptKind = 'email' | 'google';

export interface SignInAttempt {
  /** The message of the last failed attempt, or null. */
  error: string | null;
  /** Which attempt is on its way; every submit button of the page waits while one is. */
  pending: AttemptKind | null;
  run: (kind: AttemptKind, action: () => Promise<void>) => void;
  clearError: () => void;
}

/**
 * One attempt at a time with the identity service, for every view of the sign-in page: an attempt
 * still on its way when the view changes keeps its buttons waiting, and its error shows in the view
 * the user is on.
 */
export function useSignInAttempt(): SignInAttempt {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<AttemptKind | null>(null);

  const attempt = async (kind: AttemptKind, action: () => Promise<void>) => {
    setError(null);
    setPending(kind);
    try {
      await action();
      rememberReturningVisitor();
      // The route guard moves a signed-in user on.
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setPending(null);
    }
  };

  return {
    error,
    pending,
    run: (kind, action) => void attempt(kind, action),
    clearError: () => setError(null),
  };
}
