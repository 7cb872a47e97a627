import type { Keypoint, KeypointName, Pose, PoseFrame } from '@/features/camera-counter/pose';

/**
 * Synthetic bodies for the camera counter's unit tests: a person seen from the side whose elbow
 * (push-ups) or knee (squats) angle follows a curve in time, with the jitter, missing joints,
 * dropped frames and extra people a real camera gives.
 */

const FRAME = { width: 640, height: 480 } as const;
const FLOOR_Y = 440;

export interface BodyOptions {
  /** Hip pushed below (+) or above (−) the straight shoulder–ankle line, in pixels. */
  readonly hipOffsetPx?: number;
  /** Size of the body relative to a person near the phone (1). */
  readonly scale?: number;
  readonly shiftX?: number;
  readonly shiftY?: number;
  /** Shoulders set apart as by a body facing the camera. */
  readonly facingCamera?: boolean;
}

type Points = Partial<Record<KeypointName, { x: number; y: number }>>;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** A push-up seen from the left side: head to the left, hands under the shoulders, feet to the right. */
export function pushupPose(elbowDeg: number, options: BodyOptions = {}): Pose {
  const wrist = { x: 140, y: FLOOR_Y };
  const elbow = { x: 140, y: FLOOR_Y - 75 };
  const shoulder = { x: elbow.x + 80 * Math.sin(rad(elbowDeg)), y: elbow.y + 80 * Math.cos(rad(elbowDeg)) };
  const ankle = { x: shoulder.x + 380, y: FLOOR_Y - 10 };
  const hip = {
    x: (shoulder.x + ankle.x) / 2,
    y: (shoulder.y + ankle.y) / 2 + (options.hipOffsetPx ?? 0),
  };
  const knee = { x: (hip.x + ankle.x) / 2, y: (hip.y + ankle.y) / 2 };
  return sideBody({ shoulder, elbow, wrist, hip, knee, ankle }, options);
}

/** A squat seen from the left side: feet on the floor, the knee bending to the given angle. */
export function squatPose(kneeDeg: number, options: BodyOptions = {}): Pose {
  const ankle = { x: 320, y: FLOOR_Y };
  const knee = { x: 345, y: FLOOR_Y - 110 };
  // The thigh leaves the knee at kneeDeg from the shin (knee → ankle points down and back).
  const shin = Math.atan2(ankle.y - knee.y, ankle.x - knee.x);
  const thigh = shin + rad(kneeDeg);
  const hip = { x: knee.x + 115 * Math.cos(thigh), y: knee.y + 115 * Math.sin(thigh) };
  const shoulder = { x: hip.x + 20, y: hip.y - 150 };
  const elbow = { x: shoulder.x + 30, y: shoulder.y + 60 };
  const wrist = { x: elbow.x + 50, y: elbow.y };
  return sideBody({ shoulder, elbow, wrist, hip, knee, ankle }, options);
}

/** Someone standing seen from the side, bending the elbow to the given angle (an arm curl, say). */
export function standingArmPose(elbowDeg: number, options: BodyOptions = {}): Pose {
  const ankle = { x: 320, y: FLOOR_Y };
  const knee = { x: 322, y: FLOOR_Y - 110 };
  const hip = { x: 324, y: FLOOR_Y - 220 };
  const shoulder = { x: 326, y: FLOOR_Y - 370 };
  const elbow = { x: shoulder.x, y: shoulder.y + 75 };
  // The forearm leaves the elbow at elbowDeg from the upper arm (elbow → shoulder points up).
  const wrist = { x: elbow.x + 70 * Math.sin(rad(elbowDeg)), y: elbow.y - 70 * Math.cos(rad(elbowDeg)) };
  return sideBody({ shoulder, elbow, wrist, hip, knee, ankle }, options);
}

function sideBody(
  near: Record<'shoulder' | 'elbow' | 'wrist' | 'hip' | 'knee' | 'ankle', { x: number; y: number }>,
  options: BodyOptions,
): Pose {
  const points: Points = {
    nose: { x: near.shoulder.x - 45, y: near.shoulder.y - 10 },
    leftEye: { x: near.shoulder.x - 40, y: near.shoulder.y - 18 },
    rightEye: { x: near.shoulder.x - 40, y: near.shoulder.y - 16 },
    leftEar: { x: near.shoulder.x - 25, y: near.shoulder.y - 20 },
    rightEar: { x: near.shoulder.x - 24, y: near.shoulder.y - 18 },
  };
  const farApart = options.facingCamera ? 140 : 4;
  for (const part of ['shoulder', 'elbow', 'wrist', 'hip', 'knee', 'ankle'] as const) {
    const capital = `${part[0]?.toUpperCase()}${part.slice(1)}`;
    points[`left${capital}` as KeypointName] = near[part];
    points[`right${capital}` as KeypointName] = { x: near[part].x + farApart, y: near[part].y - 3 };
  }
  const scale = options.scale ?? 1;
  const keypoints: Partial<Record<KeypointName, Keypoint>> = {};
  for (const [name, point] of Object.entries(points) as [KeypointName, { x: number; y: number }][]) {
    keypoints[name] = {
      x: point.x * scale + (options.shiftX ?? 0),
      y: point.y * scale + (options.shiftY ?? 0),
      // The far side is partly hidden behind the body: the model is less sure of it.
      score: name.startsWith('right') ? 0.55 : 0.85,
    };
  }
  return { keypoints, score: 0.8 };
}

/** One stretch of an angle curve: from the top down to bottomDeg and back, or a hold. */
export type Segment =
  | { readonly rep: number; readonly ms?: number; readonly topDeg?: number; readonly backToDeg?: number }
  | { readonly holdDeg: number; readonly ms: number }
  | { readonly away: number };

/** The angle (or null while nobody is in view) at each moment of a list of segments. */
function angleCurve(
  segments: readonly Segment[],
  topDeg = 170,
): {
  at(ms: number): number | null;
  durationMs: number;
} {
  const parts: { start: number; ms: number; segment: Segment }[] = [];
  let start = 0;
  for (const segment of segments) {
    const ms = 'away' in segment ? segment.away : (segment.ms ?? 1600);
    parts.push({ start, ms, segment });
    start += ms;
  }
  return {
    durationMs: start,
    at(ms) {
      const part = parts.find((p) => ms >= p.start && ms < p.start + p.ms) ?? parts.at(-1);
      if (!part) return topDeg;
      const { segment } = part;
      if ('away' in segment) return null;
      if ('holdDeg' in segment) return segment.holdDeg;
      const top = segment.topDeg ?? topDeg;
      const back = segment.backToDeg ?? top;
      const phase = (ms - part.start) / part.ms; // 0..1: down in the first half, up in the second
      if (phase < 0.5) return top + (segment.rep - top) * (1 - Math.cos(phase * 2 * Math.PI)) * 0.5;
      return back + (segment.rep - back) * (1 - Math.cos(phase * 2 * Math.PI)) * 0.5;
    },
  };
}

/** A seeded random source, so a noisy test fails the same way every time. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FramesOptions {
  readonly fps: number;
  readonly body: (angleDeg: number, timeMs: number) => Pose;
  /** Further people in view at each moment. */
  readonly others?: (timeMs: number) => readonly Pose[];
  /** Per frame: change the poses (noise, missing joints) or drop the frame (null). */
  readonly disturb?: (poses: readonly Pose[], timeMs: number) => readonly Pose[] | null;
  readonly startMs?: number;
}

export function framesOf(segments: readonly Segment[], options: FramesOptions): PoseFrame[] {
  const curve = angleCurve(segments);
  const frames: PoseFrame[] = [];
  const step = 1000 / options.fps;
  for (let t = 0; t <= curve.durationMs; t += step) {
    const angle = curve.at(t);
    const own = angle === null ? [] : [options.body(angle, t)];
    const poses = [...own, ...(options.others?.(t) ?? [])];
    const disturbed = options.disturb ? options.disturb(poses, t) : poses;
    if (disturbed === null) continue;
    frames.push({ poses: disturbed, ...FRAME, timeMs: (options.startMs ?? 1_000_000) + t });
  }
  return frames;
}

/** Moves every joint by up to ±px in each direction. */
export function jitter(pose: Pose, random: () => number, px: number): Pose {
  const keypoints: Partial<Record<KeypointName, Keypoint>> = {};
  for (const [name, point] of Object.entries(pose.keypoints) as [KeypointName, Keypoint][]) {
    keypoints[name] = {
      ...point,
      x: point.x + (random() * 2 - 1) * px,
      y: point.y + (random() * 2 - 1) * px,
    };
  }
  return { ...pose, keypoints };
}

export function withoutKeypoints(pose: Pose, names: readonly KeypointName[]): Pose {
  const keypoints = { ...pose.keypoints };
  for (const name of names) delete keypoints[name];
  return { ...pose, keypoints };
}
