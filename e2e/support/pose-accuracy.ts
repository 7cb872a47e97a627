import fs from 'node:fs';
import path from 'node:path';
import type { ClipRun } from './pose-harness';
import { POSE_TEST_DATA } from './pose-harness';

/**
 * How well the pose model finds the joints of TensorFlow.js's reference clips (e2e/test-data/pose/):
 * what `npm run bench:pose -w @pushup/e2e` prints beside its speed (docs/performance.md, "The pose
 * model"), and what a new model or runtime must keep (docs/decisions/037-on-device-pose-model.md).
 */

/** The joints the counting rules use, and their names in the reference files. */
const JOINTS = [
  ['leftShoulder', 'left_shoulder', 11],
  ['rightShoulder', 'right_shoulder', 12],
  ['leftElbow', 'left_elbow', 13],
  ['rightElbow', 'right_elbow', 14],
  ['leftWrist', 'left_wrist', 15],
  ['rightWrist', 'right_wrist', 16],
  ['leftHip', 'left_hip', 23],
  ['rightHip', 'right_hip', 24],
  ['leftKnee', 'left_knee', 25],
  ['rightKnee', 'right_knee', 26],
  ['leftAnkle', 'left_ankle', 27],
  ['rightAnkle', 'right_ankle', 28],
] as const;
type Joint = (typeof JOINTS)[number][0];
type Point = { x: number; y: number };
export type Reference = Record<Joint, Point>;

/** A joint is found when it is within this fraction of the torso (shoulders' to hips' midpoints) of the reference. */
export const TOLERANCE_OF_TORSO = 0.25;
/** …in at least this share of the frames, each joint on its own. */
export const MIN_FOUND_SHARE = 0.8;

/** pose_squats: BlazePose's 33 landmarks [x, y, depth] per frame, pixels of the 720 x 1280 clip. */
export function squatsReference(): Reference[] {
  const frames = JSON.parse(
    fs.readFileSync(path.join(POSE_TEST_DATA, 'pose_squats.full.json'), 'utf8'),
  ) as number[][][];
  return frames.map(
    (landmarks) =>
      Object.fromEntries(
        JOINTS.map(([joint, , index]) => [
          joint,
          { x: landmarks[index]?.[0] ?? 0, y: landmarks[index]?.[1] ?? 0 },
        ]),
      ) as Reference,
  );
}

/** pose_1: the 17 joints by name per frame, pixels of the 576 x 576 clip; the test clip has every other frame. */
export function pose1Reference(): Reference[] {
  const frames = JSON.parse(fs.readFileSync(path.join(POSE_TEST_DATA, 'pose_1.json'), 'utf8')) as Record<
    string,
    Point
  >[];
  return frames
    .filter((_, index) => index % 2 === 0)
    .map((joints) => Object.fromEntries(JOINTS.map(([joint, name]) => [joint, joints[name]])) as Reference);
}

const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Per joint, the share of frames where the detector's joint is within the tolerance of the reference's. */
export function foundShares(
  run: ClipRun,
  reference: Reference[],
  referenceWidth: number,
): Record<Joint, number> {
  const scale = run.width / referenceWidth;
  const shares = {} as Record<Joint, number>;
  for (const [joint] of JOINTS) {
    let found = 0;
    reference.forEach((expected, index) => {
      const torso =
        distance(
          middle(expected.leftShoulder, expected.rightShoulder),
          middle(expected.leftHip, expected.rightHip),
        ) * scale;
      const seen = run.poses[index]?.keypoints[joint];
      const want = { x: expected[joint].x * scale, y: expected[joint].y * scale };
      if (seen && distance(seen, want) <= TOLERANCE_OF_TORSO * torso) found++;
    });
    shares[joint] = found / reference.length;
  }
  return shares;
}
