import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const sourceDir = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * `@/` is src/, so an import names where a module lives instead of how many folders to climb: the
 * build (vite.config.ts) and the unit tests (vitest.config.ts) resolve it here, the type checker and
 * dependency-cruiser through the `paths` of tsconfig.json, and Biome rejects `../` imports.
 */
export const sourceAlias = [{ find: /^@\//, replacement: sourceDir }];
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

/**
 * react-router 7 resolves to its development files under every export condition
 * (remix-run/react-router#12532, #14102): a build would ship its development warnings, about 0.5 KB
 * gzip on every page. Its production files are in the same package, with the same exports: the
 * build takes those while they are there, and the package's own choice once they are not.
 */
export function reactRouterProductionBuild(): { find: RegExp; replacement: string }[] {
  const resolved = createRequire(import.meta.url).resolve('react-router');
  const dist = /^(.*[/\\]dist)[/\\]development[/\\]index\.m?js$/.exec(resolved)?.[1];
  const production = dist && path.join(dist, 'production', 'index.mjs');
  if (!production || !fs.existsSync(production)) return [];
  return [{ find: /^react-router$/, replacement: production }];
}

/**
 * react-router names its components and contexts for React DevTools with plain assignments
 * (`Form.displayName = "Form"`) and makes Link, NavLink and Form with `forwardRef` calls that carry
 * no pure annotation: a bundler must keep both, so Form, ScrollRestoration and the data-router code
 * they use ship in every build, used or not. The build drops those names and marks those calls pure,
 * so what the app does not use is left out (about 1.3 KB gzip on every page). Code of
 * another shape is left as it is.
 */
export function treeShakeReactRouter(): Plugin {
  return {
    name: 'pushup:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[/\\]node_modules[/\\]react-router[/\\]dist[/\\][^/\\]+[/\\]chunk-[^/\\]+\.mjs$/.test(id))
        return null;
      const shaken = code
        .replace(/^([\w$]+)\.displayName = "[\w$]+";$/gm, '')
        .replace(/= (React\d*\.forwardRef)\(/g, '= /* @__PURE__ */ $1(');
      return shaken === code ? null : { code: shaken, map: null };
    },
  };
}
