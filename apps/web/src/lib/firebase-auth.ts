import { type FirebaseOptions, initializeApp } from 'firebase/app';
import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';

/**
 * Starts the Firebase app and auth: the SDK, loaded by lib/firebase.ts when needed, never with the
 * first page. initializeAuth with explicit persistence and no popup resolver: getAuth() would bring
 * the popup and redirect code and the IndexedDB persistence into every page that restores a session.
 * `emulatorOrigin`: local mode's Auth Emulator, reached through the app's own origin (decision 021).
 */
export function startAuth(options: FirebaseOptions, emulatorOrigin: string | null): Auth {
  const auth = initializeAuth(initializeApp(options), { persistence: browserLocalPersistence });
  if (emulatorOrigin) connectAuthEmulator(auth, emulatorOrigin, { disableWarnings: true });
  return auth;
}
