import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { type Plugin, runnerImport } from 'vite';

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
 * The lazy chunks only a signed-in visitor loads, named after the module each one loads: the
 * signed-in frame, TanStack Query, the parts of the navigation shown to a signed-in user and the
 * signed-in pages.
 */
const SIGNED_IN_CHUNK =
  /^assets\/(signed-in-area|query-provider|offline-status|sign-out-dialog|user-menu|dashboard-page|profile-page|log-history-page|groups-page)-/;

/**
 * Vite's `build.modulePreload.resolveDependencies`: which chunks a lazy import announces with a
 * `<link rel="modulepreload">` before its own chunk has loaded. The pages a signed-out visitor opens
 * (`/login`, the legal pages) keep them all: they are often a first visit, when every chunk comes
 * over the network. The signed-in chunks and the lazy parts inside them announce none: their
 * visitor has had a page before, so the service worker's precache serves every chunk at once
 * (decision 018), and each link would only cost its insertion into the document, 1-2 ms of a
 * phone's main thread each, 70 of them on Group Management (decision 033).
 */
export function modulePreloadsOfSignedOutPages(
  file: string,
  deps: string[],
  { hostId }: { hostId: string },
): string[] {
  return SIGNED_IN_CHUNK.test(file) || SIGNED_IN_CHUNK.test(hostId) ? [] : deps;
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

const contractsEntry = fileURLToPath(
  new URL('../../packages/shared/src/contracts/index.ts', import.meta.url),
);
const contractHelpers = fileURLToPath(
  new URL('../../packages/shared/src/contracts/define.ts', import.meta.url),
);
/** What the browser needs of a call contract to make the request (src/lib/api-client.ts). */
const REQUEST_FIELDS = ['method', 'path', 'status', 'auth', 'download', 'bodyLimit'] as const;

/**
 * The browser gets the call contracts of @pushup/shared without their zod schemas: it makes
 * requests from the method and the path, while the schemas are the server's validation and the API
 * document. Built with them, every signed-in page constructed all of them at start-up, about 25 ms
 * of a phone's main thread before the page could answer a tap (docs/performance.md, "The web app").
 * The build evaluates the real contracts and writes the module the browser gets from them, so the
 * two cannot drift; the unit tests and the dev server use the contracts as they are.
 */
export function browserCallTable(): Plugin {
  let table = '';
  return {
    name: 'pushup:browser-call-table',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const { module } = await runnerImport<Record<string, unknown>>(contractsEntry, {
        configFile: false,
        logLevel: 'silent',
      });
      table = callTableModule(module);
    },
    load(id) {
      return path.normalize(id.split('?')[0] ?? id) === contractsEntry ? table : null;
    },
  };
}

function callTableModule(contracts: Record<string, unknown>): string {
  const lines = [`export * from ${JSON.stringify(contractHelpers)};`];
  for (const [name, value] of Object.entries(contracts)) {
    if (typeof value === 'function') continue; // define.ts's helpers, exported above
    if (!name.endsWith('Calls') || typeof value !== 'object' || value === null) {
      throw new Error(`browserCallTable: ${name} is neither a helper of define.ts nor a table of calls`);
    }
    const calls = Object.fromEntries(
      Object.entries(value as Record<string, Record<string, unknown>>).map(([call, contract]) => [
        call,
        Object.fromEntries(REQUEST_FIELDS.filter((field) => field in contract).map((f) => [f, contract[f]])),
      ]),
    );
    lines.push(`export const ${name} = ${JSON.stringify(calls)};`);
  }
  return lines.join('\n');
}
