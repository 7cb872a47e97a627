import { MESSAGES } from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ageText } from '@/components/layout/offline-status';
import { particlesForTheme } from '@/components/particles-background';
import { ApiError, apiRequest, failureMessage } from '@/lib/api-client';
import { configureApiClient, setErrorTranslator } from '@/lib/api-wiring';
import { activateLocale, localizeMessage } from '@/lib/i18n/catalog';
import { errorText } from '@/lib/i18n/error-text';

describe('in German', () => {
  beforeAll(async () => {
    // As main.tsx sets it for the page.
    setErrorTranslator({ error: errorText, text: localizeMessage });
    await activateLocale('de');
  });
  afterAll(async () => {
    await activateLocale('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApiClient(null);
  });

  it('an API error carries its message in German and keeps the server’s own words apart', async () => {
    configureApiClient({ getToken: async () => 'token', onSessionEnded: () => undefined });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await apiRequest('/api/users/profile').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(SHARED_TEXTS_DE.messages.networkError);
    expect((failure as ApiError).message).not.toBe(MESSAGES.networkError);

    const refused = new ApiError(400, 'VALIDATION_ERROR', 'x', MESSAGES.usernameTaken);
    expect(refused.serverMessage).toBe(MESSAGES.usernameTaken);
    expect(failureMessage('Fehler', refused)).toBe(`Fehler: ${SHARED_TEXTS_DE.messages.usernameTaken}`);
  });

  it('says how old the data shown is in German', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(ageText(now - 5 * 60_000, now)).toBe('vor 5 Minuten');
    expect(ageText(now - 3 * 3_600_000, now)).toBe('vor 3 Stunden');
    expect(ageText(now - 26 * 3_600_000, now)).toBe('gestern');
  });
});

describe('the particles in dark mode', () => {
  const options = {
    fpsLimit: 60,
    particles: { color: { value: ['#f97316'] }, links: { enable: true, distance: 150, color: '#fb923c' } },
    interactivity: { modes: { grab: { distance: 140, links: { opacity: 0.25 } } } },
  };

  it('keep the light configuration as the file has it', () => {
    expect(particlesForTheme(options, false)).toBe(options);
  });

  it('are softer on the dark page and keep the rest of the file', () => {
    const dark = particlesForTheme(options, true) as typeof options & {
      particles: { opacity: { value: { max: number } }; links: { opacity: number } };
    };
    expect(dark.fpsLimit).toBe(60);
    expect(dark.particles.links).toMatchObject({ enable: true, distance: 150 });
    expect(dark.particles.opacity.value.max).toBeLessThan(0.45);
    expect(dark.interactivity.modes.grab.distance).toBe(140);
    expect(options.particles.color.value).toEqual(['#f97316']);
  });
});
