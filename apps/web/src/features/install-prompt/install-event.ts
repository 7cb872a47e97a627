import { useSyncExternalStore } from 'react';
import type { InstallWay } from './install-moment';

/** Chromium's install event (not in TypeScript's DOM types): its dialog, shown once on `prompt()`. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

// Kept from the moment this module loads (with the dashboard): Chromium fires the event once per
// page, soon after load. Prevented, its own mini-infobar stays away, and the app asks at a good
// moment instead (install-moment.ts).
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  held = event as BeforeInstallPromptEvent;
  changed();
});
window.addEventListener('appinstalled', () => {
  held = null;
  changed();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** `navigator.standalone`: only iOS's WebKit has it, true in an app opened from the home screen. */
const iosStandalone = () => (navigator as Navigator & { standalone?: boolean }).standalone;

/** Opened as the installed app (or from an iOS home screen). */
function installed(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || iosStandalone() === true;
}

/** How this browser can install the app now (install-moment.ts, InstallWay). */
export function useInstallWay(): InstallWay {
  const event = useSyncExternalStore(subscribe, () => held);
  if (installed()) return null;
  if (event) return 'prompt';
  // An iPhone or iPad in the browser: installing is the share sheet's 'Add to Home Screen'.
  return iosStandalone() === false && navigator.maxTouchPoints > 0 ? 'home-screen' : null;
}

/** Shows the browser's install dialog (the event serves once); its answer, or null with no event. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = held;
  held = null;
  changed();
  if (!event) return null;
  await event.prompt();
  return (await event.userChoice).outcome;
}
