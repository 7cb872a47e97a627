import { Human } from '@vladmandic/human';
import { KEYPOINT_NAMES, type Keypoint, type KeypointName, type PoseDetector, type PoseFrame } from './pose';
import { POSE_MODEL, POSE_WASM, poseFilesFolder } from './pose-model-files';

/**
 * The camera counter's pose detector (docs/decisions/037-on-device-pose-model.md): MoveNet Lightning
 * run by TensorFlow.js on the device, both loaded from our origin only. Loaded through a dynamic
 * import() by the counter's screen, so no other page carries the runtime.
 *
 * human bundles TensorFlow.js and is used for that alone: its own body pipeline drops joints it
 * finds improbable for someone standing (a knee above a shoulder, as in a push-up's low point) and
 * holds joints that moved little, so MoveNet is run here directly, each joint as the model gives it.
 */

/** Fastest first in headless Chromium and on phones (docs/performance.md, "Pose model"); cpu always works. */
const BACKENDS = ['wasm', 'webgl', 'cpu'] as const;

/** MoveNet Lightning's input: a 192 x 192 RGB image (int32), the frame letterboxed into it. */
const INPUT_SIZE = 192;

/** Under this the model is guessing where a joint would be: the joint counts as not found. */
const MIN_KEYPOINT_SCORE = 0.1;

interface Tensor {
  dispose(): void;
}

interface OutputTensor extends Tensor {
  data(): Promise<Float32Array>;
}

interface GraphModel {
  execute(input: Tensor): OutputTensor;
  dispose(): void;
}

/** The part of TensorFlow.js (as human bundles it, typed `any` there) this file uses. */
interface TensorFlow {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  getBackend(): string;
  loadGraphModel(url: string): Promise<GraphModel>;
  tidy<T extends Tensor>(fn: () => T): T;
  browser: {
    fromPixels(pixels: HTMLCanvasElement | OffscreenCanvas): {
      expandDims(axis: number): { toInt(): Tensor };
    };
  };
}

/** Sets the first backend that starts; the WebAssembly one fetches its .wasm from our origin. */
async function startBackend(tf: TensorFlow): Promise<string> {
  tf.setWasmPaths(poseFilesFolder(POSE_WASM));
  for (const backend of BACKENDS) {
    try {
      if (await tf.setBackend(backend)) return backend;
    } catch {
      // Not available on this device (no WebAssembly, no WebGL): the next one.
    }
  }
  throw new Error('No TensorFlow.js backend could start');
}

/** Where a frame of the given size lands in the model's square input: scaled to fit, centred. */
function letterbox(width: number, height: number) {
  const scale = INPUT_SIZE / Math.max(width, height);
  return { scale, left: (INPUT_SIZE - width * scale) / 2, top: (INPUT_SIZE - height * scale) / 2 };
}

/** MoveNet's output (17 joints of y, x, score, each 0..1 of the input) as a pose in frame pixels. */
function poseOf(output: Float32Array, width: number, height: number): PoseFrame['poses'][number] {
  const { scale, left, top } = letterbox(width, height);
  const keypoints: Partial<Record<KeypointName, Keypoint>> = {};
  let total = 0;
  KEYPOINT_NAMES.forEach((name, index) => {
    const y = output[index * 3] ?? 0;
    const x = output[index * 3 + 1] ?? 0;
    const score = output[index * 3 + 2] ?? 0;
    total += score;
    if (score < MIN_KEYPOINT_SCORE) return;
    keypoints[name] = { x: (x * INPUT_SIZE - left) / scale, y: (y * INPUT_SIZE - top) / scale, score };
  });
  // MoveNet single pose has no person score of its own: the joints' mean, as tfjs-models reports it.
  return { keypoints, score: total / KEYPOINT_NAMES.length };
}

/** Loads the runtime and the model from our origin, runs the model once, and returns the detector. */
export async function createPoseDetector(): Promise<PoseDetector> {
  const tf = new Human().tf as TensorFlow;
  await startBackend(tf);
  const model = await tf.loadGraphModel(`${poseFilesFolder(POSE_MODEL)}${POSE_MODEL.files[0]}`);
  const canvas = document.createElement('canvas');
  canvas.width = INPUT_SIZE;
  canvas.height = INPUT_SIZE;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas for the pose model');

  /** Runs the model on a width x height source drawn into the input. */
  const run = async (source: CanvasImageSource, width: number, height: number) => {
    const { scale, left, top } = letterbox(width, height);
    context.fillStyle = '#000';
    context.fillRect(0, 0, INPUT_SIZE, INPUT_SIZE);
    context.drawImage(source, left, top, width * scale, height * scale);
    const input = tf.tidy(() => tf.browser.fromPixels(canvas).expandDims(0).toInt());
    const output = model.execute(input);
    input.dispose();
    try {
      return await output.data();
    } finally {
      output.dispose();
    }
  };

  // The first run compiles the backend's kernels: done here, so the first frame is as quick as the rest.
  await run(canvas, INPUT_SIZE, INPUT_SIZE);

  return {
    async detect(video, timeMs) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width === 0 || height === 0) return { poses: [], width, height, timeMs };
      const output = await run(video, width, height);
      return { poses: [poseOf(output, width, height)], width, height, timeMs };
    },
    close() {
      model.dispose();
    },
  };
}
