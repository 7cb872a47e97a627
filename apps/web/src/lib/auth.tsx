import { useQueryClient } from '@tanstack/react-query';
import { type Auth, signOut as firebaseSignOut, onAuthStateChanged, type User } from 'firebase/auth';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { configureApiClient } from './api-client';
import { isSessionEndingAuthError } from './auth-errors';
import { sharedMessage } from './i18n/catalog';
import { clearSessionCache } from './session-cache';

interface AuthContextValue {
  user: User | null;
  /** True until the identity provider has restored (or not) the persisted session. */
  loading: boolean;
  /** True after the user signed out on purpose (no "return to this page" after the next sign-in). */
  signedOutOnPurpose: boolean;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(auth.currentUser);
  const [loading, setLoading] = useState(true);
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);

  const clearUserData = useCallback(() => {
    clearSessionCache();
    queryClient.clear();
  }, [queryClient]);

  /** Signs out without it being the user's choice: the next sign-in returns to the page they were on. */
  const endSession = useCallback(async () => {
    const uid = auth.currentUser?.uid;
    await firebaseSignOut(auth);
    clearUserData();
    // Loaded only now: the sign-in page carries none of the offline code.
    if (uid) await import('./offline/forget').then((offline) => offline.forgetDeviceData(uid));
  }, [auth, clearUserData]);

  const signOut = useCallback(async () => {
    setSignedOutOnPurpose(true);
    await endSession();
  }, [endSession]);

  useEffect(
    () =>
      onAuthStateChanged(auth, (next) => {
        setUser(next);
        setLoading(false);
        if (next) setSignedOutOnPurpose(false);
        if (!next) clearUserData();
      }),
    [auth, clearUserData],
  );

  useEffect(() => {
    configureApiClient({
      getToken: async () => {
        const current = auth.currentUser;
        if (!current) return null;
        try {
          return await current.getIdToken();
        } catch (error) {
          if (isSessionEndingAuthError(error)) void endSession().catch(() => undefined);
          throw error;
        }
      },
      onSessionEnded: () => {
        void endSession().catch(() => undefined);
      },
    });
    return () => configureApiClient(null);
  }, [auth, endSession]);

  const value = useMemo(
    () => ({ user, loading, signedOutOnPurpose, signOut }),
    [user, loading, signedOutOnPurpose, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The signed-in user; for components rendered only behind the sign-in guard. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error(sharedMessage('noAuthenticatedUser'));
  return user;
}
