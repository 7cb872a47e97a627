import { type BodyPart, distance, SIDES, type Side, seenKeypoint } from './body-geometry';
import type { Pose } from './pose';

export interface PlacementRules {
  /** Every entry must be seen on one side; an entry of several parts needs any one of them. */
  readonly inView: readonly (readonly BodyPart[])[];
  readonly minScore: number;
}

export interface Placement {
  /** One side's counted joints are all confident and inside the frame. */
  readonly wholeBodyInView: boolean;
  /** The side seen whole (the nearer one when both are), null when neither is. */
  readonly side: Side | null;
  /**
   * The body is seen from the side: both shoulders lie nearly on top of each other. A body facing
   * the camera foreshortens the arm, so its angles read wrong; one hidden shoulder also means side on.
   */
  readonly sideOn: boolean;
}

/** Shoulders further apart than this share of the shoulder-to-hip length mean the body faces the camera. */
const FACING_SHOULDER_SHARE = 0.45;

export function checkPlacement(
  pose: Pose,
  frame: { readonly width: number; readonly height: number },
  rules: PlacementRules,
): Placement {
  const seen = (side: Side, part: BodyPart) => seenKeypoint(pose, side, part, frame, rules.minScore);
  const whole = SIDES.filter((side) => rules.inView.every((parts) => parts.some((part) => seen(side, part))));
  const side =
    whole.length === 2
      ? sideScore(pose, 'left') >= sideScore(pose, 'right')
        ? 'left'
        : 'right'
      : (whole[0] ?? null);

  const left = seen('left', 'shoulder');
  const right = seen('right', 'shoulder');
  let sideOn = true;
  if (left && right) {
    const torso = Math.max(
      ...SIDES.map((s) => {
        const shoulder = seen(s, 'shoulder');
        const hip = seen(s, 'hip');
        return shoulder && hip ? distance(shoulder, hip) : 0;
      }),
    );
    sideOn = torso === 0 || distance(left, right) < FACING_SHOULDER_SHARE * torso;
  }
  return { wholeBodyInView: side !== null, side, sideOn };
}

function sideScore(pose: Pose, side: Side): number {
  let sum = 0;
  for (const [name, point] of Object.entries(pose.keypoints)) {
    if (name.startsWith(side) && point) sum += point.score;
  }
  return sum;
}
