import { describe, expect, it } from 'vitest';
import type { Pose } from '@/features/camera-counter/pose';
import { createRepCounter, SQUAT_RULES } from '@/features/camera-counter/rep-counter';
import recording from './test-data/movenet-pose-squats.json';

/**
 * The squat rules on what the real model saw: MoveNet Lightning's pose of every frame of
 * TensorFlow.js's squat clip (e2e/test-data/pose/pose_squats.mjpeg, Apache-2.0), as the app's
 * detector found them in Chromium, recorded by `npm run bench:pose -w @pushup/e2e -- --record`
 * (which also checks each joint against the clip's reference landmarks). Record again when the
 * model or its runtime changes.
 */
const recorded = recording as { width: number; height: number; poses: Pose[] };

/** The squats the rules count in the clip, its frames 200 ms apart (it was filmed at 5 a second). */
function squatsCounted(downBelowDeg = SQUAT_RULES.downBelowDeg): number {
  const counter = createRepCounter({ ...SQUAT_RULES, downBelowDeg });
  let count = 0;
  recorded.poses.forEach((pose, index) => {
    count = counter.update({
      poses: [pose],
      width: recorded.width,
      height: recorded.height,
      timeMs: index * 200,
    }).count;
  });
  return count;
}

describe('the squat rules on the pose model’s own poses of a real clip', () => {
  it('count the two full squats, not the third that does not come back up', () => {
    expect(recorded.poses).toHaveLength(65);
    expect(squatsCounted()).toBe(2);
  });

  it('need the knee under their threshold: from the front MoveNet reads the first squat’s knees at about 106° and 112°', () => {
    // Rules that called 'down' only under 105° missed the first squat.
    expect(squatsCounted(105)).toBeLessThan(2);
  });
});
