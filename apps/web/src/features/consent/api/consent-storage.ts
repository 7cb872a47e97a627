/** Cookie consent of docs/product.md, "Data", stored in localStorage under 'cookie-consent'. */

export const CONSENT_STORAGE_KEY = 'cookie-consent';

export interface CookieConsent {
  essentialCookies: true;
  analyticalCookies: boolean;
  marketingCookies: boolean;
  functionalCookies: boolean;
  hasConsented: boolean;
}

/** Accept All sets the three optional kinds true; Essential Only sets them false. */
export function buildConsent(acceptAll: boolean): CookieConsent {
  return {
    essentialCookies: true,
    analyticalCookies: acceptAll,
    marketingCookies: acceptAll,
    functionalCookies: acceptAll,
    hasConsented: true,
  };
}

export function readConsent(storage: Storage | undefined = safeLocalStorage()): CookieConsent | null {
  const raw = storage?.getItem(CONSENT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      essentialCookies: true,
      analyticalCookies: value.analyticalCookies === true,
      marketingCookies: value.marketingCookies === true,
      functionalCookies: value.functionalCookies === true,
      hasConsented: value.hasConsented === true,
    };
  } catch {
    return null;
  }
}

export function saveConsent(consent: CookieConsent, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage disabled: the banner shows again next visit.
  }
}

export function hasGivenConsent(storage?: Storage): boolean {
  return readConsent(storage)?.hasConsented === true;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
