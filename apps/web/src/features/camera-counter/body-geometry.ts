import type { Keypoint, KeypointName, Pose } from './pose';

/** The body parts the counting rules speak of; each exists on the left and on the right. */
export type BodyPart = 'shoulder' | 'elbow' | 'wrist' | 'hip' | 'knee' | 'ankle';
export type Side = 'left' | 'right';

export const SIDES: readonly Side[] = ['left', 'right'];

function keypointName(side: Side, part: BodyPart): KeypointName {
  return `${side}${part[0]?.toUpperCase()}${part.slice(1)}` as KeypointName;
}

/**
 * A joint the model is sure enough of and that lies inside the frame; anything else counts as
 * not seen (MoveNet guesses hidden joints with a low score, and a guess must not move the count).
 */
export function seenKeypoint(
  pose: Pose,
  side: Side,
  part: BodyPart,
  frame: { readonly width: number; readonly height: number },
  minScore: number,
): Keypoint | null {
  const point = pose.keypoints[keypointName(side, part)];
  if (!point || !(point.score >= minScore)) return null;
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) return null;
  if (point.x < 0 || point.y < 0 || point.x > frame.width || point.y > frame.height) return null;
  return point;
}

/** The angle at b between the rays to a and c, in degrees (0..180). */
export function angleAt(a: Keypoint, b: Keypoint, c: Keypoint): number {
  const ux = a.x - b.x;
  const uy = a.y - b.y;
  const vx = c.x - b.x;
  const vy = c.y - b.y;
  const lengths = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  if (lengths === 0) return Number.NaN;
  const cos = Math.min(1, Math.max(-1, (ux * vx + uy * vy) / lengths));
  return (Math.acos(cos) * 180) / Math.PI;
}

export function distance(a: Keypoint, b: Keypoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** The centre of a pose's confident joints, used to follow one person from frame to frame. */
export function poseCentre(pose: Pose, minScore: number): { x: number; y: number } | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const point of Object.values(pose.keypoints)) {
    if (point && point.score >= minScore && Number.isFinite(point.x) && Number.isFinite(point.y)) {
      sx += point.x;
      sy += point.y;
      n += 1;
    }
  }
  return n === 0 ? null : { x: sx / n, y: sy / n };
}

export function confidentKeypointCount(pose: Pose, minScore: number): number {
  return Object.values(pose.keypoints).filter((point) => point && point.score >= minScore).length;
}

/**
 * How big a person appears: the longest shoulder-to-ankle distance (knees when the ankles are not
 * seen), else the diagonal of the confident joints. The nearest person to the camera is the biggest.
 */
export function bodySpan(pose: Pose, minScore: number): number {
  const confident = (name: KeypointName) => {
    const point = pose.keypoints[name];
    return point && point.score >= minScore ? point : null;
  };
  let span = 0;
  for (const shoulderSide of SIDES) {
    const shoulder = confident(keypointName(shoulderSide, 'shoulder'));
    if (!shoulder) continue;
    for (const footSide of SIDES) {
      const foot = confident(keypointName(footSide, 'ankle')) ?? confident(keypointName(footSide, 'knee'));
      if (foot) span = Math.max(span, distance(shoulder, foot));
    }
  }
  if (span > 0) return span;
  const points = Object.values(pose.keypoints).filter((point) => point && point.score >= minScore);
  if (points.length < 2) return 0;
  const xs = points.map((point) => point?.x ?? 0);
  const ys = points.map((point) => point?.y ?? 0);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}
