import { defineProject } from 'vitest/config';
import { reactWithLingui, sourceAlias } from './build-plugins';

export default defineProject({
  // The same macro transform as the build, so components render their texts.
  plugins: reactWithLingui(),
  resolve: { alias: sourceAlias },
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/setup-catalogs.ts'],
  },
});
