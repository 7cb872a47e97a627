import type { Auth } from 'firebase/auth';

/** What the server writes into index.html as `window.FIREBASE_CONFIG`. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain?: string;
  projectId?: string;
  appId?: string;
  /**
   * Local mode: where the SDK reaches the Auth Emulator, resolved against the page: '/' is the app's
   * own origin, whose server forwards the identity calls (decision 021).
   */
  authEmulatorUrl?: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    FIREBASE_CONFIG?: FirebaseWebConfig;
  }
}

/*
 * The Firebase SDK (about 26 KB gzip) is not part of the first page: /login shows without it, and it
 * loads when a session is to be restored (a stored session, see hasStoredSession) or when the user
 * starts to sign in. This module holds what the page needs before that; the SDK itself is
 * in firebase-auth.ts.
 */

/** MESSAGES.firebaseConfigMissing, word for word: the shared texts load with the signed-in pages. */
const CONFIG_MISSING = 'Firebase config not found in window.FIREBASE_CONFIG';

/** The config from index.html; throws the spec's message when it is missing. */
export function firebaseConfig(): FirebaseWebConfig {
  const config = typeof window === 'undefined' ? undefined : window.FIREBASE_CONFIG;
  if (!config || typeof config !== 'object') throw new Error(CONFIG_MISSING);
  return config;
}

/** True in local mode, where the Auth Emulator replaces Google's identity service. */
export function isAuthEmulator(): boolean {
  const url = window.FIREBASE_CONFIG?.authEmulatorUrl;
  return typeof url === 'string' && url !== '';
}

/**
 * The local-storage key under which the SDK keeps the signed-in user (browserLocalPersistence, the
 * default app): `firebase:authUser:<apiKey>:[DEFAULT]`.
 */
export function sessionStorageKey(): string {
  return `firebase:authUser:${firebaseConfig().apiKey}:[DEFAULT]`;
}

/**
 * True when the SDK left a signed-in user in this browser. Without one the page knows the visitor is
 * signed out without loading the SDK; with one the SDK loads at once and restores (or drops) it.
 */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(sessionStorageKey()) !== null;
  } catch {
    // No local storage: the SDK keeps the session in memory only, so none survives a reload.
    return false;
  }
}

let loading: Promise<Auth> | null = null;
let loaded: Auth | null = null;
const loadListeners = new Set<(auth: Auth) => void>();

/** Loads the SDK and starts Firebase Auth once; a failed load (offline) can be tried again. */
export function loadAuth(): Promise<Auth> {
  loading ??= import('./firebase-auth')
    .then((module) => {
      const { authEmulatorUrl, ...options } = firebaseConfig();
      // The SDK takes an absolute URL and keeps only its origin: the one the page was opened at.
      const emulator =
        typeof authEmulatorUrl === 'string' && authEmulatorUrl !== ''
          ? new URL(authEmulatorUrl, window.location.href).origin
          : null;
      return module.startAuth(options, emulator);
    })
    .then((auth) => {
      loaded = auth;
      for (const listener of loadListeners) listener(auth);
      return auth;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Starts loading the SDK at once when a session is stored (main.tsx), beside the first page's texts
 * rather than after them. Nothing without a config: the app then shows why it cannot start.
 */
export function preloadStoredSession(): void {
  try {
    if (hasStoredSession()) void loadAuth().catch(() => undefined);
  } catch {
    // No config: App shows the reason.
  }
}

/** Firebase Auth if it has loaded; a signed-in user implies it has. */
export function loadedAuth(): Auth | null {
  return loaded;
}

/** Calls `listener` once Firebase Auth has loaded (at once when it has). */
export function onAuthLoaded(listener: (auth: Auth) => void): () => void {
  if (loaded) listener(loaded);
  else loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}
