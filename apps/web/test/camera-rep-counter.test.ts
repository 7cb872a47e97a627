import { describe, expect, it } from 'vitest';
import type { PoseFrame } from '@/features/camera-counter/pose';
import {
  createRepCounter,
  type FormHint,
  PUSHUP_RULES,
  type RepCounterState,
  type RepRules,
  SQUAT_RULES,
} from '@/features/camera-counter/rep-counter';
import {
  framesOf,
  jitter,
  pushupPose,
  type Segment,
  seededRandom,
  squatPose,
  standingArmPose,
  withoutKeypoints,
} from './synthetic-poses';

function run(frames: readonly PoseFrame[], rules: RepRules = PUSHUP_RULES) {
  const counter = createRepCounter(rules);
  const states: RepCounterState[] = frames.map((frame) => counter.update(frame));
  const hintsSeen = new Set<FormHint>(states.flatMap((state) => state.hints));
  return { counter, states, hintsSeen, final: counter.state };
}

/** A second at the top first: counting starts once the body is seen up. */
const settle: Segment = { holdDeg: 170, ms: 1000 };
const reps = (n: number, bottomDeg = 80, ms = 1600): Segment[] =>
  Array.from({ length: n }, () => ({ rep: bottomDeg, ms }));

describe('the camera repetition counter, push-ups', () => {
  for (const fps of [30, 5]) {
    it(`counts ten clean push-ups at ${fps} frames a second, with no hint`, () => {
      const frames = framesOf([settle, ...reps(10), settle], { fps, body: (deg) => pushupPose(deg) });
      const { final, hintsSeen, states } = run(frames);
      expect(final.count).toBe(10);
      expect(final.status).toBe('counting');
      expect([...hintsSeen]).toEqual([]);
      expect(states.filter((state) => state.repCounted)).toHaveLength(10);
    });
  }

  it('counts fast push-ups (under a second each) at 5 frames a second', () => {
    const frames = framesOf([settle, ...reps(8, 75, 900), settle], {
      fps: 5,
      body: (deg) => pushupPose(deg),
    });
    expect(run(frames).final.count).toBe(8);
  });

  it('does not count half push-ups and says they were not low enough', () => {
    const frames = framesOf([settle, ...reps(3, 115), settle], { fps: 30, body: (deg) => pushupPose(deg) });
    const { final, hintsSeen } = run(frames);
    expect(final.count).toBe(0);
    expect(final.notLowEnough).toBe(3);
    expect(hintsSeen.has('not-low-enough')).toBe(true);
  });

  it('does not call push-ups too shallow when frames come too seldom to see their lowest point', () => {
    // 2 frames a second (a phone far behind) and push-ups under a second each: most bottoms fall
    // between two frames, and a push-up seen only half way down may have gone all the way.
    const frames = framesOf([settle, ...reps(8, 80, 900), settle], {
      fps: 2,
      body: (deg) => pushupPose(deg),
    });
    const { final, hintsSeen } = run(frames);
    expect(final.count).toBeLessThan(8);
    expect(final.notLowEnough).toBe(0);
    expect(hintsSeen.has('not-low-enough')).toBe(false);
  });

  it('does not count a push-up that goes down but not back up, nor one that starts at the bottom', () => {
    const frames = framesOf(
      [
        { holdDeg: 80, ms: 1000 }, // lying down when the camera starts
        { holdDeg: 170, ms: 800 },
        { rep: 80, backToDeg: 130 }, // down, then only half way up
        { rep: 80, topDeg: 130 }, // down again from half way, then fully up: one full cycle
        { rep: 80, backToDeg: 90 }, // down and resting on the floor
        { holdDeg: 90, ms: 1500 },
      ],
      { fps: 30, body: (deg) => pushupPose(deg) },
    );
    expect(run(frames).final.count).toBe(1);
  });

  it('tells sagging hips but keeps counting', () => {
    const frames = framesOf([settle, ...reps(4), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg, { hipOffsetPx: 70 }),
    });
    const { final, hintsSeen } = run(frames);
    expect(final.count).toBe(4);
    expect([...hintsSeen]).toEqual(['hips-sagging']);
    expect(final.hints).toContain('hips-sagging');
  });

  it('tells piking hips but keeps counting', () => {
    const frames = framesOf([settle, ...reps(4), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg, { hipOffsetPx: -80 }),
    });
    const { final, hintsSeen } = run(frames);
    expect(final.count).toBe(4);
    expect([...hintsSeen]).toEqual(['hips-piking']);
  });

  it('does not call a slightly bent body sagging', () => {
    const frames = framesOf([settle, ...reps(3), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg, { hipOffsetPx: 20 }),
    });
    expect([...run(frames).hintsSeen]).toEqual([]);
  });

  for (const fps of [30, 5]) {
    it(`counts exactly through jittering joints at ${fps} frames a second`, () => {
      const random = seededRandom(7);
      const frames = framesOf([settle, ...reps(10), settle], {
        fps,
        body: (deg) => pushupPose(deg),
        disturb: (poses) => poses.map((pose) => jitter(pose, random, 6)),
      });
      const { final, hintsSeen } = run(frames);
      expect(final.count).toBe(10);
      expect(hintsSeen.has('not-low-enough')).toBe(false);
    });
  }

  it('ignores single wrong frames: a wrist jumping away for one frame neither counts nor loses a push-up', () => {
    const random = seededRandom(11);
    const frames = framesOf([settle, ...reps(6), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      disturb: (poses) =>
        poses.map((pose) => {
          if (random() > 0.08) return pose;
          // The model confidently puts both wrists somewhere else for one frame.
          const wrong = { x: 400 + random() * 100, y: 100 + random() * 100, score: 0.7 };
          return { ...pose, keypoints: { ...pose.keypoints, leftWrist: wrong, rightWrist: wrong } };
        }),
    });
    expect(run(frames).final.count).toBe(6);
  });

  it('ignores joints the model is unsure of', () => {
    const random = seededRandom(3);
    const frames = framesOf([settle, ...reps(5), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      disturb: (poses) =>
        poses.map((pose) => ({
          ...pose,
          keypoints: {
            ...pose.keypoints,
            // A guessed far arm, anywhere, with a low score.
            rightElbow: { x: random() * 640, y: random() * 480, score: 0.1 },
            rightWrist: { x: random() * 640, y: random() * 480, score: 0.15 },
          },
        })),
    });
    expect(run(frames).final.count).toBe(5);
  });

  it('counts through missing joints and dropped frames', () => {
    const random = seededRandom(5);
    const frames = framesOf([settle, ...reps(8), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      disturb: (poses, timeMs) => {
        if (random() < 0.3) return null; // the frame never arrived
        if (timeMs > 3000 && timeMs < 3400) return null; // a stall of 400 ms
        return poses.map((pose) =>
          random() < 0.3 ? withoutKeypoints(pose, ['leftWrist', 'leftElbow', 'rightKnee']) : pose,
        );
      },
    });
    const { final, states } = run(frames);
    expect(final.count).toBe(8);
    expect(states.some((state) => state.status === 'no-person')).toBe(false);
  });

  it('uses the far arm when only it is seen, and the near one when the far one disagrees', () => {
    const onlyFar = framesOf([settle, ...reps(3), settle], {
      fps: 30,
      body: (deg) => withoutKeypoints(pushupPose(deg), ['leftElbow', 'leftWrist']),
    });
    expect(run(onlyFar).final.count).toBe(3);

    const farStuck = framesOf([settle, ...reps(3), settle], {
      fps: 30,
      // The hidden far arm is guessed straight all the time (with a lower score than the near arm).
      body: (deg) => {
        const pose = pushupPose(deg);
        const shoulder = pose.keypoints.rightShoulder;
        if (!shoulder) return pose;
        return {
          ...pose,
          keypoints: {
            ...pose.keypoints,
            rightElbow: { x: shoulder.x, y: shoulder.y + 80, score: 0.5 },
            rightWrist: { x: shoulder.x, y: shoulder.y + 160, score: 0.5 },
          },
        };
      },
    });
    expect(run(farStuck).final.count).toBe(3);
  });

  it('pauses while the person is out of view and goes on counting when they come back', () => {
    const frames = framesOf([settle, ...reps(3), { away: 3000 }, settle, ...reps(2), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
    });
    const { states, final } = run(frames);
    const away = states.filter((state) => state.status === 'no-person');
    expect(away.length).toBeGreaterThan(50); // about 2.2 s of the 3 s away, after a short grace
    expect(away.every((state) => state.count === 3)).toBe(true);
    expect(final.count).toBe(5);
    expect(final.status).toBe('counting');
  });

  it('does not count a push-up whose way up it did not see (the camera paused in the background)', () => {
    const frames = framesOf([settle, ...reps(2), { rep: 80, ms: 3000 }, settle, ...reps(1), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      // No frames from 4.5 s to 6 s: the page was hidden while the body was at its lowest.
      disturb: (poses, timeMs) => (timeMs > 4500 && timeMs < 6000 ? null : poses),
    });
    const { states, final } = run(frames);
    const afterGap = states.find((state, i) => i > 0 && state.count === 2 && state.phase === 'unknown');
    expect(afterGap).toBeDefined();
    expect(final.count).toBe(3);
  });

  it('keeps its count through a frame or two without anybody (a detection that failed)', () => {
    const frames = framesOf([settle, ...reps(4), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      disturb: (poses, timeMs) => (Math.floor(timeMs / 33) % 10 === 0 ? [] : poses),
    });
    const { states, final } = run(frames);
    expect(states.slice(10).some((state) => state.status === 'no-person')).toBe(false);
    expect(final.count).toBe(4);
  });

  it('with two people in view, counts the nearer (bigger) one only and says there are two', () => {
    const frames = framesOf([settle, ...reps(5), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      // A smaller person further back does push-ups twice as fast, out of step.
      others: (timeMs) => [
        pushupPose(120 + 50 * Math.cos((timeMs / 800) * 2 * Math.PI), {
          scale: 0.45,
          shiftX: 300,
          shiftY: 20,
        }),
      ],
      // The model lists the people in any order.
      disturb: (poses, timeMs) => (Math.floor(timeMs / 100) % 2 === 0 ? poses : [...poses].reverse()),
    });
    const { final, states } = run(frames);
    expect(final.count).toBe(5);
    expect(states.at(-1)?.peopleInView).toBe(2);
    expect(final.person?.keypoints.leftWrist?.x).toBeCloseTo(140, 0);
  });

  it('keeps following the same person when another one of the same size walks in', () => {
    const frames = framesOf([settle, ...reps(4), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      // From 2 s on, a person 10 % bigger holds still in a plank further right.
      others: (timeMs) => (timeMs > 2000 ? [pushupPose(170, { scale: 1.1, shiftX: -40, shiftY: -220 })] : []),
    });
    expect(run(frames).final.count).toBe(4);
  });

  it('starts counting only once the whole body is in view', () => {
    const feetOutside = { shiftX: 260 }; // ankles and knees beyond the right edge
    const frames = framesOf([settle, ...reps(2), settle, ...reps(3), settle], {
      fps: 30,
      body: (deg, timeMs) => pushupPose(deg, timeMs < 4600 ? feetOutside : {}),
    });
    const { states, final } = run(frames);
    expect(states[5]?.status).toBe('not-in-view');
    expect(states[5]?.placement?.wholeBodyInView).toBe(false);
    expect(final.placement?.wholeBodyInView).toBe(true);
    expect(final.count).toBe(3);
  });

  it('asks to turn side on when the body faces the camera', () => {
    const facing = framesOf([settle, ...reps(1)], {
      fps: 30,
      body: (deg) => pushupPose(deg, { facingCamera: true }),
    });
    expect(run(facing).final.hints).toContain('turn-side-on');
    const side = framesOf([settle, ...reps(1)], { fps: 30, body: (deg) => pushupPose(deg) });
    expect(run(side).hintsSeen.has('turn-side-on')).toBe(false);
  });

  it('counts no push-ups while the person stands, whatever their arms do, and asks for a plank', () => {
    const frames = framesOf([settle, ...reps(5, 40)], { fps: 30, body: (deg) => standingArmPose(deg) });
    const { final, hintsSeen } = run(frames);
    expect(final.count).toBe(0);
    expect(final.status).toBe('counting');
    expect(hintsSeen.has('get-into-plank')).toBe(true);
  });

  it('counts from the plank after standing up between sets, not the arms bent while standing', () => {
    const standing = framesOf([settle, ...reps(2, 40)], { fps: 30, body: (deg) => standingArmPose(deg) });
    const last = standing.at(-1)?.timeMs ?? 0;
    const plank = framesOf([settle, ...reps(3), settle], {
      fps: 30,
      body: (deg) => pushupPose(deg),
      startMs: last + 33,
    });
    const { final } = run([...standing, ...plank]);
    expect(final.count).toBe(3);
    expect(final.hints).not.toContain('get-into-plank');
  });

  it('reports how long the body has not moved, and movement starts it afresh', () => {
    const frames = framesOf([settle, ...reps(2), { holdDeg: 170, ms: 6000 }], {
      fps: 30,
      body: (deg) => pushupPose(deg),
    });
    const { final } = run(frames);
    expect(final.count).toBe(2);
    expect(final.idleMs).toBeGreaterThan(5500);
    expect(final.idleMs).toBeLessThan(7000);

    const moving = framesOf([settle, ...reps(5)], { fps: 30, body: (deg) => pushupPose(deg) });
    expect(run(moving).final.idleMs).toBeLessThan(1000);
  });
});

describe('the camera repetition counter, squats', () => {
  for (const fps of [30, 5]) {
    it(`counts squats by the knee at ${fps} frames a second, and not half squats`, () => {
      const random = seededRandom(9);
      const frames = framesOf([settle, ...reps(6, 85, 2000), ...reps(2, 130, 2000), settle], {
        fps,
        body: (deg) => jitter(squatPose(deg), random, 4),
      });
      const { final, hintsSeen } = run(frames, SQUAT_RULES);
      expect(final.count).toBe(6);
      expect(hintsSeen.has('not-low-enough')).toBe(true);
      expect(hintsSeen.has('hips-sagging')).toBe(false);
    });
  }
});
