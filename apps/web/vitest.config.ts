import { defineProject } from 'vitest/config';
import { reactWithLingui } from './build-plugins';

export default defineProject({
  // The same macro transform as the build, so components render their texts.
  plugins: reactWithLingui(),
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/setup-catalogs.ts'],
  },
});
