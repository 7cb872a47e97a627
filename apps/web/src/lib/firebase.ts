import { MESSAGES } from '@pushup/shared';
import { initializeApp } from 'firebase/app';
import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';

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

let authInstance: Auth | null = null;
let usesEmulator = false;

/** Starts the Firebase app and auth once; throws the spec's message when the config is missing. */
export function initFirebase(): Auth {
  if (authInstance) return authInstance;
  const config = typeof window === 'undefined' ? undefined : window.FIREBASE_CONFIG;
  if (!config || typeof config !== 'object') throw new Error(MESSAGES.firebaseConfigMissing);
  const { authEmulatorUrl, ...options } = config;
  const app = initializeApp(options);
  // Explicit persistence and no popup resolver here: the popup code loads only with the login page.
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (typeof authEmulatorUrl === 'string' && authEmulatorUrl !== '') {
    // The SDK takes an absolute URL and keeps only its origin: the one the page was opened at.
    connectAuthEmulator(auth, new URL(authEmulatorUrl, window.location.href).origin, {
      disableWarnings: true,
    });
    usesEmulator = true;
  }
  authInstance = auth;
  return auth;
}

export function getFirebaseAuth(): Auth {
  return authInstance ?? initFirebase();
}

/** True in local mode, where the Auth Emulator replaces Google's identity service. */
export function isAuthEmulator(): boolean {
  return usesEmulator;
}
