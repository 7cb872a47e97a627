import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { POSE_MODEL, POSE_WASM, poseFilesFolder } from './src/features/camera-counter/pose-model-files';

const require = createRequire(import.meta.url);

/** Where the packages' entries are, spelled out so that the dependency check (knip) sees them used. */
const PACKAGE_ENTRIES: Record<string, string> = {
  [POSE_MODEL.packageName]: require.resolve('@vladmandic/human'),
  [POSE_WASM.packageName]: require.resolve('@tensorflow/tfjs-backend-wasm'),
};

/** The folder and version of an installed package (human's exports do not include its package.json). */
function installedPackage(name: string): { root: string; version: string } {
  let folder = path.dirname(PACKAGE_ENTRIES[name] ?? require.resolve(name));
  for (;;) {
    const manifest = path.join(folder, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name: found, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version: string;
      };
      if (found === name) return { root: folder, version };
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`${name} is not installed`);
    folder = parent;
  }
}

/** Each file the camera counter's pose model needs: where it is served and where it is on disk. */
function poseFiles(): { url: string; file: string }[] {
  return [POSE_MODEL, POSE_WASM].flatMap((source) => {
    const { root, version } = installedPackage(source.packageName);
    // The folder is named for this version (pose-model-files.ts): another one installed must not be
    // served under it, and the WebAssembly must match the TensorFlow.js that human bundles.
    if (version !== source.version) {
      throw new Error(`${source.packageName} is ${version}; pose-model-files.ts names ${source.version}`);
    }
    return source.files.map((name) => ({
      url: `${poseFilesFolder(source)}${name}`,
      file: path.join(root, source.from, name),
    }));
  });
}

/**
 * The pose model's weights and TensorFlow.js's WebAssembly, copied from their packages into the
 * build (only these files, not all of human's models) and served by the dev server from there, so
 * the camera counter loads nothing from another origin.
 */
export function poseModelFiles(): Plugin {
  return {
    name: 'pose-model-files',
    generateBundle() {
      for (const { url, file } of poseFiles()) {
        this.emitFile({ type: 'asset', fileName: url.slice(1), source: fs.readFileSync(file) });
      }
    },
    configureServer(server) {
      const byUrl = new Map(poseFiles().map(({ url, file }) => [url, file]));
      server.middlewares.use((request, response, next) => {
        const file = byUrl.get(request.url?.split('?')[0] ?? '');
        if (!file) return next();
        response.setHeader(
          'content-type',
          file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        );
        fs.createReadStream(file).pipe(response);
      });
    },
  };
}
