import { type InstanceSettings, instanceSettingsSchema } from '@pushup/shared';

declare global {
  interface Window {
    /** What the server writes into index.html next to FIREBASE_CONFIG (its settings, README "Settings"). */
    INSTANCE_SETTINGS?: unknown;
  }
}

/** When the page has none (the Vite dev server): invite-only as the server's default, no operator details. */
const UNKNOWN: InstanceSettings = {
  inviteOnly: true,
  operator: { name: null, address: [], email: null, phone: null, responsiblePerson: null },
};

/** This instance's settings as the server told the page (whether it is invite-only, who runs it). */
export function instanceSettings(): InstanceSettings {
  const given = typeof window === 'undefined' ? undefined : window.INSTANCE_SETTINGS;
  const parsed = instanceSettingsSchema.safeParse(given);
  return parsed.success ? parsed.data : UNKNOWN;
}
