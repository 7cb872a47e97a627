import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildConsent,
  CONSENT_STORAGE_KEY,
  hasGivenConsent,
  readConsent,
  saveConsent,
} from '@/features/consent/api/consent-storage';

describe('cookie consent storage', () => {
  beforeEach(() => localStorage.clear());

  it('Accept All Cookies stores all kinds true under cookie-consent', () => {
    saveConsent(buildConsent(true));
    expect(CONSENT_STORAGE_KEY).toBe('cookie-consent');
    expect(JSON.parse(localStorage.getItem('cookie-consent') ?? 'null')).toEqual({
      essentialCookies: true,
      analyticalCookies: true,
      marketingCookies: true,
      functionalCookies: true,
      hasConsented: true,
    });
  });

  it('Accept Essential Only stores the optional kinds false', () => {
    saveConsent(buildConsent(false));
    expect(JSON.parse(localStorage.getItem('cookie-consent') ?? 'null')).toEqual({
      essentialCookies: true,
      analyticalCookies: false,
      marketingCookies: false,
      functionalCookies: false,
      hasConsented: true,
    });
  });

  it('shows the banner until consent is given', () => {
    expect(hasGivenConsent()).toBe(false);
    localStorage.setItem('cookie-consent', JSON.stringify({ ...buildConsent(true), hasConsented: false }));
    expect(hasGivenConsent()).toBe(false);
    saveConsent(buildConsent(false));
    expect(hasGivenConsent()).toBe(true);
    expect(readConsent()?.essentialCookies).toBe(true);
  });

  it('ignores a corrupt entry', () => {
    localStorage.setItem('cookie-consent', 'nope');
    expect(readConsent()).toBeNull();
    expect(hasGivenConsent()).toBe(false);
  });
});
