import { t } from '@lingui/core/macro';
import type { ReminderDeviceBody } from '@pushup/shared';

/**
 * This browser as a device that receives reminders (docs/product.md, "Reminders"): the service
 * worker's push subscription with the server's VAPID key, and the id the server gave it, stored on
 * the device so that it can be removed again.
 */

const deviceKey = (uid: string) => `pushup-reminder-device:${uid}`;

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can show reminders at all, and whether the user blocked them. */
export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The key as PushManager wants it: bytes from the base64url text the server gives. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Asks for permission and subscribes through the service worker; returns the subscription to register. */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<ReminderDeviceBody> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new Error(t`Notifications are blocked for this site: allow them in your browser’s site settings.`);
  }
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidPublicKey),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
    throw new Error(t`This browser gave no usable push subscription.`);
  }
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

export function rememberDevice(uid: string, deviceId: string): void {
  localStorage.setItem(deviceKey(uid), deviceId);
}

export function rememberedDevice(uid: string): string | null {
  return localStorage.getItem(deviceKey(uid));
}

export function forgetDevice(uid: string): void {
  localStorage.removeItem(deviceKey(uid));
}
