import { describe, expect, it } from 'vitest';
import {
  type InstallMoment,
  isGoodMomentToOffer,
  NOT_NOW_DAYS,
} from '@/features/install-prompt/install-moment';

const today = '2026-11-27';
/** A person back on their second day, who has just logged, in Chromium. */
const moment: InstallMoment = { way: 'prompt', daysLogged: 2, justLogged: true, notNowOn: null, today };

describe('the moment to offer installing the app', () => {
  it('is right after a set, once the person has logged on two different days', () => {
    expect(isGoodMomentToOffer(moment)).toBe(true);
    expect(isGoodMomentToOffer({ ...moment, daysLogged: 40 })).toBe(true);
    expect(isGoodMomentToOffer({ ...moment, way: 'home-screen' })).toBe(true);
  });

  it('is never the first day, nor before a set is logged on the page', () => {
    expect(isGoodMomentToOffer({ ...moment, daysLogged: 1 })).toBe(false);
    expect(isGoodMomentToOffer({ ...moment, daysLogged: 0 })).toBe(false);
    expect(isGoodMomentToOffer({ ...moment, justLogged: false })).toBe(false);
  });

  it('is never where the app cannot be installed: installed already, or no way to', () => {
    expect(isGoodMomentToOffer({ ...moment, way: null })).toBe(false);
  });

  it(`waits ${NOT_NOW_DAYS} days after 'Not now'`, () => {
    expect(isGoodMomentToOffer({ ...moment, notNowOn: today })).toBe(false);
    expect(isGoodMomentToOffer({ ...moment, notNowOn: '2026-10-29' })).toBe(false);
    expect(isGoodMomentToOffer({ ...moment, notNowOn: '2026-10-28' })).toBe(true);
    expect(isGoodMomentToOffer({ ...moment, notNowOn: '2025-01-01' })).toBe(true);
  });
});
