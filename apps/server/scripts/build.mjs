/**
 * `npm run build -w @pushup/server`: the API server as one JavaScript file, dist/main.mjs, which
 * `npm start` runs with plain Node. Our own TypeScript (this app and @pushup/shared) is bundled;
 * npm packages stay imports from node_modules. Running through tsx instead cost about 54 MB of the
 * process's memory (its compiler and caches; decision 031). Plain JavaScript so that it needs no loader.
 */
import { build } from 'esbuild';

/** Bundles `entry` (a server entry point) into `outfile`. */
export async function bundleServer(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-stay-imports',
        setup(b) {
          // Bare imports are npm packages (or Node's own), except our workspace's TypeScript.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@pushup/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundleServer(
    new URL('../src/main.ts', import.meta.url).pathname,
    new URL('../dist/main.mjs', import.meta.url).pathname,
  );
}
