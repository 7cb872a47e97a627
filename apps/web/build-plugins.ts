import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';

const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const linguiConfig = getConfig({ configPath });

/**
 * React with Lingui's macros compiled away, and .po catalogs compiled when imported (decision 023):
 * one list for the build (vite.config.ts) and the unit tests (vitest.config.ts), whichever folder
 * they start from.
 */
export function reactWithLingui() {
  return [
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] } }),
    lingui({ configPath }),
  ];
}
