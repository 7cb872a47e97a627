import { addDays } from '@pushup/shared';

/** How long 'Not now' keeps the offer away on this device. */
export const NOT_NOW_DAYS = 30;

/**
 * How the app can be installed here: Chromium's own install dialog (its `beforeinstallprompt`
 * event came), the share sheet's 'Add to Home Screen' (iOS, which has no such event), or not at all
 * (installed already, or a browser with neither).
 */
export type InstallWay = 'prompt' | 'home-screen' | null;

export interface InstallMoment {
  way: InstallWay;
  /** Days with entries, today's included. */
  daysLogged: number;
  /** A set was just logged on this page. */
  justLogged: boolean;
  /** The day 'Not now' was last chosen on this device (YYYY-MM-DD), or null. */
  notNowOn: string | null;
  /** The local day (YYYY-MM-DD). */
  today: string;
}

/**
 * Whether to offer installing now: right after a set, once the person has logged on two different
 * days (they came back, so the app earns a place on the home screen). Never on the first visit's
 * first screen, never where the app cannot be installed, and not for NOT_NOW_DAYS after 'Not now'.
 */
export function isGoodMomentToOffer({
  way,
  daysLogged,
  justLogged,
  notNowOn,
  today,
}: InstallMoment): boolean {
  if (way === null || !justLogged || daysLogged < 2) return false;
  return notNowOn === null || today >= addDays(notNowOn, NOT_NOW_DAYS);
}
