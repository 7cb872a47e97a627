import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Three catalogs per language (decision 023), so a page downloads only the texts it can show:
 * `core` (the sign-in page, the frame of every page, errors), `app` (the signed-in pages, loaded by
 * the sign-in guard) and `legal` (the legal pages, loaded with them). `npm run i18n:extract -w
 * @pushup/web` writes them to src/locales/<lang>/<part>.po; the Vite plugin compiles the ones a page imports.
 */
const APP = [
  'features/account-data',
  'features/admin',
  'features/camera-counter',
  'features/challenges',
  'features/groups',
  'features/habits',
  'features/install-prompt',
  'features/leaderboard',
  'features/log-history',
  'features/plans',
  'features/profile',
  'features/public-profile',
  'features/pushups',
  'features/reminders',
  'features/share-cards',
  'features/year-heatmap',
  'app/pages',
  'components/achievement-badge.tsx',
  'components/achievement-texts.ts',
  'components/calendar.tsx',
  'components/celebration-burst.tsx',
].map((path) => `<rootDir>/src/${path}`);
const LEGAL = ['<rootDir>/src/features/legal'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/core',
      include: ['<rootDir>/src'],
      // Globs: a folder is left out with everything in it.
      exclude: [...APP, ...LEGAL].map((path) => (/\.tsx?$/.test(path) ? path : `${path}/**`)),
    },
    { path: '<rootDir>/src/locales/{locale}/app', include: APP },
    { path: '<rootDir>/src/locales/{locale}/legal', include: LEGAL },
  ],
  format: formatter({ lineNumbers: false }),
  // English is written in the code: its catalogs repeat the source, so a missing German text falls back to it.
  fallbackLocales: { default: 'en' },
});
