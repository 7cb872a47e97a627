import type { User } from 'firebase/auth';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { configureApiClient } from './api-wiring';
import { hasStoredSession, loadAuth, loadedAuth, onAuthLoaded, sessionStorageKey } from './firebase';
import { sharedMessage } from './i18n/catalog';
import { forgetSessionData } from './session-data';

interface AuthContextValue {
  user: User | null;
  /** True until the identity provider has restored (or not) the persisted session. */
  loading: boolean;
  /** True after the user signed out on purpose (no "return to this page" after the next sign-in). */
  signedOutOnPurpose: boolean;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * True for the errors after which the session cannot continue. Here, not with the sentences of
 * auth-errors.ts, which load with the sign-in page only.
 */
function isSessionEndingAuthError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'auth/user-disabled' || code === 'auth/user-token-expired';
}

/**
 * The session. Firebase Auth loads only when there is a session to restore or the user signs in
 * (lib/firebase.ts): a visitor with no stored session is known to be signed out at once.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(hasStoredSession);
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);

  /** Signs out without it being the user's choice: the next sign-in returns to the page they were on. */
  const endSession = useCallback(async () => {
    const auth = loadedAuth();
    const uid = auth?.currentUser?.uid;
    await auth?.signOut();
    forgetSessionData();
    // Loaded only now: the sign-in page carries none of the offline code.
    if (uid) await import('./offline/forget').then((offline) => offline.forgetDeviceData(uid));
  }, []);

  const signOut = useCallback(async () => {
    setSignedOutOnPurpose(true);
    await endSession();
  }, [endSession]);

  useEffect(() => {
    let stopWatching = () => {};
    const stopWaiting = onAuthLoaded((auth) => {
      stopWatching = auth.onAuthStateChanged((next) => {
        // The signed-in area renders anew: in slices, as for the app's first render (app/app.tsx).
        startTransition(() => {
          setUser(next);
          setLoading(false);
          if (next) setSignedOutOnPurpose(false);
        });
        if (!next) forgetSessionData();
      });
    });
    const restore = () =>
      loadAuth().catch((error: unknown) => {
        // The SDK could not load (offline without the cached app): the page goes on signed out.
        console.error(error);
        setLoading(false);
      });
    if (hasStoredSession()) void restore();
    else forgetSessionData();
    // Signed in in another tab while this one has not loaded the SDK: take that session over too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === sessionStorageKey() && event.newValue !== null) void restore();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopWaiting();
      stopWatching();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    configureApiClient({
      getToken: async () => {
        const current = loadedAuth()?.currentUser;
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
  }, [endSession]);

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
