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

/** MoveNet Lightning's input: a 192 x 192 RGB image (int32), a square region of the frame scaled into it. */
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
  browser: { fromPixels(pixels: HTMLCanvasElement): Tensor };
  expandDims(tensor: Tensor, axis: number): Tensor;
  cast(tensor: Tensor, dtype: 'int32'): Tensor;
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

/** The square of the frame (in its pixels, may reach past its edges) given to the model. */
interface Region {
  readonly left: number;
  readonly top: number;
  readonly size: number;
}

/** The whole frame, centred in a square. */
function wholeFrame(width: number, height: number): Region {
  const size = Math.max(width, height);
  return { left: (width - size) / 2, top: (height - size) / 2, size };
}

/** A joint counts for placing the next region above this score (as tfjs-models' MoveNet does). */
const REGION_MIN_SCORE = 0.2;

/**
 * The region of the next frame: a square around the person just found, so that the model sees them
 * at its full 192 pixels rather than a small figure in a wide frame (MoveNet's own cropping, as in
 * tfjs-models' pose-detection). The whole frame while no torso is seen.
 */
function nextRegion(
  keypoints: Partial<Record<KeypointName, Keypoint>>,
  width: number,
  height: number,
): Region {
  const seen = (name: KeypointName) => (keypoints[name]?.score ?? 0) > REGION_MIN_SCORE;
  const { leftHip, rightHip } = keypoints;
  if (!leftHip || !rightHip || !(seen('leftHip') || seen('rightHip'))) return wholeFrame(width, height);
  if (!(seen('leftShoulder') || seen('rightShoulder'))) return wholeFrame(width, height);
  const centreX = (leftHip.x + rightHip.x) / 2;
  const centreY = (leftHip.y + rightHip.y) / 2;
  let torso = 0;
  let body = 0;
  for (const name of KEYPOINT_NAMES) {
    const joint = keypoints[name];
    if (!joint || joint.score <= REGION_MIN_SCORE) continue;
    const reach = Math.max(Math.abs(joint.x - centreX), Math.abs(joint.y - centreY));
    if (/Shoulder|Hip/.test(name)) torso = Math.max(torso, reach);
    body = Math.max(body, reach);
  }
  const half = Math.min(
    Math.max(torso * 1.9, body * 1.2),
    Math.max(centreX, width - centreX, centreY, height - centreY),
  );
  if (half > Math.max(width, height) / 2) return wholeFrame(width, height);
  return { left: centreX - half, top: centreY - half, size: 2 * half };
}

/** MoveNet's output (17 joints of y, x, score, each 0..1 of the region) as a pose in frame pixels. */
function poseOf(output: Float32Array, region: Region): PoseFrame['poses'][number] {
  const keypoints: Partial<Record<KeypointName, Keypoint>> = {};
  let total = 0;
  KEYPOINT_NAMES.forEach((name, index) => {
    const y = output[index * 3] ?? 0;
    const x = output[index * 3 + 1] ?? 0;
    const score = output[index * 3 + 2] ?? 0;
    total += score;
    if (score < MIN_KEYPOINT_SCORE) return;
    keypoints[name] = { x: region.left + x * region.size, y: region.top + y * region.size, score };
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

  /** Runs the model on a region of a width x height source, the part of it outside the source black. */
  const run = async (source: CanvasImageSource, width: number, height: number, region: Region) => {
    const scale = INPUT_SIZE / region.size;
    const left = Math.max(0, region.left);
    const top = Math.max(0, region.top);
    const right = Math.min(width, region.left + region.size);
    const bottom = Math.min(height, region.top + region.size);
    context.fillStyle = '#000';
    context.fillRect(0, 0, INPUT_SIZE, INPUT_SIZE);
    context.drawImage(
      source,
      left,
      top,
      right - left,
      bottom - top,
      (left - region.left) * scale,
      (top - region.top) * scale,
      (right - left) * scale,
      (bottom - top) * scale,
    );
    const input = tf.tidy(() => tf.cast(tf.expandDims(tf.browser.fromPixels(canvas), 0), 'int32'));
    const output = model.execute(input);
    input.dispose();
    try {
      return await output.data();
    } finally {
      output.dispose();
    }
  };

  // The first run compiles the backend's kernels: done here, so the first frame is as quick as the rest.
  await run(canvas, INPUT_SIZE, INPUT_SIZE, wholeFrame(INPUT_SIZE, INPUT_SIZE));

  /** Where to look in the next frame, for frames of this size. */
  let region: (Region & { width: number; height: number }) | null = null;
  return {
    async detect(video, timeMs) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width === 0 || height === 0) return { poses: [], width, height, timeMs };
      const used = region?.width === width && region.height === height ? region : wholeFrame(width, height);
      const pose = poseOf(await run(video, width, height, used), used);
      region = { ...nextRegion(pose.keypoints, width, height), width, height };
      return { poses: [pose], width, height, timeMs };
    },
    close() {
      model.dispose();
    },
  };
}
