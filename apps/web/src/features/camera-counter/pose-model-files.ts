/**
 * Where the pose model's files live on our origin (docs/decisions/037-on-device-pose-model.md): the
 * build copies them there (pose-model-files-plugin.ts), the detector loads them from there and the
 * service worker keeps them after their first use. Each folder is named for the exact version of the
 * package its files come from, so what a path holds never changes and may be cached for a year.
 */
export const POSE_FILES_PATH = '/models/pose/';

/** MoveNet Lightning (single pose) as @vladmandic/human ships it: the graph and its weights. */
export const POSE_MODEL = {
  packageName: '@vladmandic/human',
  version: '3.3.6',
  from: 'models',
  files: ['movenet-lightning.json', 'movenet-lightning.bin'],
} as const;

/**
 * TensorFlow.js's WebAssembly kernels, the version human bundles the backend of: with SIMD, and
 * without for older engines. The multi-threaded build is left out: it needs SharedArrayBuffer, which
 * only a cross-origin isolated page has, and ours is not.
 */
export const POSE_WASM = {
  packageName: '@tensorflow/tfjs-backend-wasm',
  version: '4.22.0',
  from: 'dist',
  files: ['tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm.wasm'],
} as const;

/** The folder on our origin of one package's files, e.g. /models/pose/tfjs-backend-wasm-4.22.0/. */
export function poseFilesFolder(source: { packageName: string; version: string }): string {
  return `${POSE_FILES_PATH}${source.packageName.split('/').pop()}-${source.version}/`;
}

/** The name of the build's chunk of the pose runtime (human with TensorFlow.js): assets/pose-runtime-<hash>.js. */
export const POSE_RUNTIME_CHUNK = 'pose-runtime';
