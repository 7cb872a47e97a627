import {
  angleAt,
  type BodyPart,
  bodySpan,
  confidentKeypointCount,
  distance,
  poseCentre,
  SIDES,
  type Side,
  seenKeypoint,
} from './body-geometry';
import { checkPlacement, type Placement, type PlacementRules } from './placement';
import type { Pose, PoseFrame } from './pose';

/**
 * The camera counter's counting rules: a state machine fed one PoseFrame at a time that counts a
 * repetition on each full cycle up → down → up of one joint angle (the elbow for push-ups, the knee
 * for squats). It knows nothing of cameras or models, so it runs on synthetic poses in unit tests.
 * Everything is timed by the frames' timestamps, never by their number, so it counts the same at
 * 5 and at 30 frames a second and across dropped frames.
 */

export interface RepRules extends PlacementRules {
  readonly exercise: 'pushups' | 'squats';
  /** The joints whose angle is watched; the angle is measured at the middle one. */
  readonly joints: readonly [BodyPart, BodyPart, BodyPart];
  /** Below this angle the body is down. */
  readonly downBelowDeg: number;
  /** Above this angle the body is up again; the gap to downBelowDeg keeps jitter from counting. */
  readonly upAboveDeg: number;
  /** Whether the shoulder–hip–ankle line is checked for sagging or piking hips (a plank). */
  readonly checkBodyLine: boolean;
  /**
   * Whether the body must lie roughly level for its angle to count: arms bent by someone standing or
   * walking in view are no push-ups.
   */
  readonly lyingDown: boolean;
}

export const PUSHUP_RULES: RepRules = {
  exercise: 'pushups',
  joints: ['shoulder', 'elbow', 'wrist'],
  downBelowDeg: 100,
  upAboveDeg: 155,
  checkBodyLine: true,
  lyingDown: true,
  inView: [['shoulder'], ['elbow'], ['wrist'], ['hip'], ['knee', 'ankle']],
  minScore: 0.3,
};

export const SQUAT_RULES: RepRules = {
  exercise: 'squats',
  joints: ['hip', 'knee', 'ankle'],
  // Seen from the front, MoveNet reads a knee some 10° wider than it is at a squat's low point
  // (docs/decisions/037-on-device-pose-model.md): 110° still asks for about thighs level.
  downBelowDeg: 110,
  upAboveDeg: 160,
  checkBodyLine: false,
  lyingDown: false,
  inView: [['shoulder'], ['hip'], ['knee'], ['ankle']],
  minScore: 0.3,
};

export type FormHint = 'not-low-enough' | 'hips-sagging' | 'hips-piking' | 'turn-side-on' | 'get-into-plank';

/**
 * no-person: nobody in view, counting paused. not-in-view: someone is there but not yet whole
 * (counting starts once the body is in view). counting: repetitions are being counted.
 */
type CounterStatus = 'no-person' | 'not-in-view' | 'counting';

export interface RepCounterState {
  readonly status: CounterStatus;
  readonly count: number;
  /** Descents that turned back before they were low enough (not counted). */
  readonly notLowEnough: number;
  /** True on the one update that counted a repetition (for a beep or a spoken number). */
  readonly repCounted: boolean;
  readonly phase: 'unknown' | 'up' | 'down';
  /** The watched angle after smoothing, null while it cannot be seen. */
  readonly angleDeg: number | null;
  /** Advice shown beside the count; it never stops counting. */
  readonly hints: readonly FormHint[];
  readonly placement: Placement | null;
  /** The person counted, to draw their skeleton. */
  readonly person: Pose | null;
  /** How many people the frame shows; with more than one, the nearest (biggest) is counted. */
  readonly peopleInView: number;
  /** Time since the watched angle last moved. */
  readonly idleMs: number;
}

export interface RepCounter {
  update(frame: PoseFrame): RepCounterState;
  readonly state: RepCounterState;
}

/** The median of the angles seen in this window smooths jitter and single wrong frames. */
const SMOOTHING_MS = 300;
/** A person missing for less than this is a detection that failed, not someone who left. */
const PERSON_LOST_AFTER_MS = 800;
/**
 * No frame for this long (the camera paused while the page was in the background, a stalled phone):
 * what the body did meanwhile is unknown, so counting starts again as for someone who came back.
 */
const FRAME_GAP_RESET_MS = 1500;
/** Fewer confident joints than this is not a person (a stray detection). */
const MIN_JOINTS_FOR_PERSON = 5;
/** The person followed keeps this advantage over a bigger one, so the count does not jump between people. */
const FOLLOW_BONUS = 1.3;
/** Two sides' angles further apart than this disagree: the better seen side is used alone. */
const SIDES_AGREE_DEG = 25;
/** A descent is under way once the angle is this far below the up threshold. */
const DESCENT_DEG = 25;
/** Rising this far from the lowest angle of a descent turns it back. */
const TURN_BACK_DEG = 12;
const NOT_LOW_ENOUGH_SHOWN_MS = 2500;
/**
 * Angles further apart in time than this (under 4 a second) may have missed the lowest point between
 * them: such a descent is not called too shallow, since it may not have been.
 */
const SPARSE_SAMPLES_MS = 250;
/** The body line bent further than this from straight means sagging or piking hips… */
const BODY_LINE_BENT_DEG = 30;
/** …and back within this it is straight again. */
const BODY_LINE_STRAIGHT_DEG = 20;
/** A condition must hold this long before its hint shows, so hints do not flicker. */
const HINT_HOLD_MS = 400;
/** The watched angle moving this far is movement (for the idle time). */
const MOVEMENT_DEG = 12;

interface Sample {
  readonly timeMs: number;
  readonly angle: number;
}

export function createRepCounter(rules: RepRules): RepCounter {
  let state: RepCounterState = {
    status: 'no-person',
    count: 0,
    notLowEnough: 0,
    repCounted: false,
    phase: 'unknown',
    angleDeg: null,
    hints: [],
    placement: null,
    person: null,
    peopleInView: 0,
    idleMs: 0,
  };
  let samples: Sample[] = [];
  let followed: { x: number; y: number } | null = null;
  let lastPersonAt: number | null = null;
  let lastFrameAt: number | null = null;
  let firstFrameAt: number | null = null;
  let started = false;
  let lowestInDescent = Number.POSITIVE_INFINITY;
  let turnBackReported = false;
  /** The longest time between two angles seen during the current descent. */
  let descentSampleGap = 0;
  let lastAngleAt: number | null = null;
  let notLowEnoughUntil = Number.NEGATIVE_INFINITY;
  let lastMoveAt: number | null = null;
  let movementAnchor: number | null = null;
  const heldSince = new Map<FormHint, number>();

  function held(hint: FormHint, condition: boolean, now: number, wasShown: boolean): boolean {
    if (!condition) {
      heldSince.delete(hint);
      return false;
    }
    const since = heldSince.get(hint) ?? now;
    heldSince.set(hint, since);
    return wasShown || now - since >= HINT_HOLD_MS;
  }

  function losePerson(now: number): RepCounterState {
    samples = [];
    followed = null;
    started = false;
    lowestInDescent = Number.POSITIVE_INFINITY;
    turnBackReported = false;
    descentSampleGap = 0;
    lastAngleAt = null;
    heldSince.clear();
    movementAnchor = null;
    return {
      ...state,
      status: 'no-person',
      repCounted: false,
      phase: 'unknown',
      angleDeg: null,
      hints: [],
      placement: null,
      person: null,
      peopleInView: 0,
      idleMs: now - (lastMoveAt ?? firstFrameAt ?? now),
    };
  }

  function update(frame: PoseFrame): RepCounterState {
    const now = frame.timeMs;
    firstFrameAt ??= now;
    if (lastFrameAt !== null && now - lastFrameAt >= FRAME_GAP_RESET_MS && state.status !== 'no-person') {
      state = losePerson(now);
    }
    lastFrameAt = now;
    const people = frame.poses.filter(
      (pose) => confidentKeypointCount(pose, rules.minScore) >= MIN_JOINTS_FOR_PERSON,
    );

    if (people.length === 0) {
      const gone = lastPersonAt === null || now - lastPersonAt >= PERSON_LOST_AFTER_MS;
      state = gone
        ? losePerson(now)
        : { ...state, repCounted: false, idleMs: now - (lastMoveAt ?? firstFrameAt) };
      return state;
    }

    const person = pickPerson(people, followed, frame, rules.minScore);
    if (state.status === 'no-person') lastMoveAt = now; // someone (back) in view starts the idle time afresh
    lastPersonAt = now;
    followed = poseCentre(person, rules.minScore);

    const placement = checkPlacement(person, frame, rules);
    if (placement.wholeBodyInView) started = true;

    const upright = rules.lyingDown && !lyingLevel(person, frame, rules.minScore);
    const angle = upright ? null : watchedAngle(person, frame, rules);
    if (upright) {
      // Standing up between sets: a repetition starts again from a plank, never from what the arms did.
      samples = [];
      state = { ...state, phase: 'unknown' };
    }
    const sampleGap = angle !== null && lastAngleAt !== null ? now - lastAngleAt : 0;
    if (angle !== null) {
      samples.push({ timeMs: now, angle });
      lastAngleAt = now;
    }
    samples = samples.filter((sample) => sample.timeMs > now - SMOOTHING_MS || sample === samples.at(-1));
    // Under three frames in the window (a slow phone) a median would only blur the turning points.
    const smoothed =
      samples.length >= 3 ? median(samples.map((sample) => sample.angle)) : (samples.at(-1)?.angle ?? null);

    let { count, phase, notLowEnough } = state;
    let repCounted = false;
    if (started && smoothed !== null) {
      if (phase === 'unknown') {
        if (smoothed > rules.upAboveDeg) {
          phase = 'up';
          lowestInDescent = smoothed;
        }
      } else if (phase === 'up') {
        if (smoothed > rules.upAboveDeg) {
          lowestInDescent = smoothed;
          turnBackReported = false;
          descentSampleGap = 0;
        } else {
          lowestInDescent = Math.min(lowestInDescent, smoothed);
          descentSampleGap = Math.max(descentSampleGap, sampleGap);
          if (smoothed < rules.downBelowDeg) {
            phase = 'down';
          } else if (
            !turnBackReported &&
            descentSampleGap <= SPARSE_SAMPLES_MS &&
            lowestInDescent < rules.upAboveDeg - DESCENT_DEG &&
            smoothed > lowestInDescent + TURN_BACK_DEG
          ) {
            turnBackReported = true;
            notLowEnough += 1;
            notLowEnoughUntil = now + NOT_LOW_ENOUGH_SHOWN_MS;
          }
        }
      } else if (smoothed > rules.upAboveDeg) {
        count += 1;
        repCounted = true;
        phase = 'up';
        lowestInDescent = smoothed;
        turnBackReported = false;
        descentSampleGap = 0;
        notLowEnoughUntil = Number.NEGATIVE_INFINITY;
      }
    }

    if (smoothed !== null) {
      if (movementAnchor === null || Math.abs(smoothed - movementAnchor) >= MOVEMENT_DEG) {
        if (movementAnchor !== null) lastMoveAt = now;
        movementAnchor = smoothed;
      }
    }

    const shown = new Set(state.hints);
    const hints: FormHint[] = [];
    if (now < notLowEnoughUntil) hints.push('not-low-enough');
    if (rules.checkBodyLine) {
      const bend = bodyLineBend(person, frame, rules.minScore, placement.side);
      const limit = (hint: FormHint) => (shown.has(hint) ? BODY_LINE_STRAIGHT_DEG : BODY_LINE_BENT_DEG);
      const sagging = bend !== null && bend.hipBelowLine === true && bend.deg > limit('hips-sagging');
      const piking = bend !== null && bend.hipBelowLine === false && bend.deg > limit('hips-piking');
      if (held('hips-sagging', sagging, now, shown.has('hips-sagging'))) hints.push('hips-sagging');
      if (held('hips-piking', piking, now, shown.has('hips-piking'))) hints.push('hips-piking');
    }
    if (held('turn-side-on', !placement.sideOn, now, shown.has('turn-side-on'))) hints.push('turn-side-on');
    if (held('get-into-plank', upright && started, now, shown.has('get-into-plank')))
      hints.push('get-into-plank');

    state = {
      status: started ? 'counting' : 'not-in-view',
      count,
      notLowEnough,
      repCounted,
      phase,
      angleDeg: smoothed,
      hints,
      placement,
      person,
      peopleInView: people.length,
      idleMs: now - (lastMoveAt ?? now),
    };
    return state;
  }

  return {
    update,
    get state() {
      return state;
    },
  };
}

/**
 * The nearest person is the biggest; the one followed so far keeps a head start, so a second
 * person of about the same size does not take over the count from one frame to the next.
 */
function pickPerson(
  people: readonly Pose[],
  followed: { x: number; y: number } | null,
  frame: PoseFrame,
  minScore: number,
): Pose {
  const near = 0.15 * Math.max(frame.width, frame.height);
  let best = people[0] as Pose;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const pose of people) {
    const centre = poseCentre(pose, minScore);
    const isFollowed =
      followed !== null && centre !== null && Math.hypot(centre.x - followed.x, centre.y - followed.y) < near;
    const score = bodySpan(pose, minScore) * (isFollowed ? FOLLOW_BONUS : 1);
    if (score > bestScore) {
      best = pose;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The watched angle: both sides averaged when both are seen and agree, else the side seen with
 * more confidence (the far arm is often hidden behind the body and guessed wrong).
 */
function watchedAngle(pose: Pose, frame: PoseFrame, rules: RepRules): number | null {
  const sides: { angle: number; score: number }[] = [];
  for (const side of SIDES) {
    const [a, b, c] = rules.joints.map((part) => seenKeypoint(pose, side, part, frame, rules.minScore));
    if (!a || !b || !c) continue;
    const angle = angleAt(a, b, c);
    if (Number.isFinite(angle)) sides.push({ angle, score: Math.min(a.score, b.score, c.score) });
  }
  const [first, second] = sides;
  if (!first) return null;
  if (!second) return first.angle;
  if (Math.abs(first.angle - second.angle) <= SIDES_AGREE_DEG) return (first.angle + second.angle) / 2;
  return first.score >= second.score ? first.angle : second.angle;
}

/**
 * Whether the body lies roughly level: its shoulder-to-ankle line (knee when the ankle is not seen)
 * on either side is nearer the horizontal than the vertical. Unknown counts as not level.
 */
function lyingLevel(pose: Pose, frame: PoseFrame, minScore: number): boolean {
  return SIDES.some((side) => {
    const shoulder = seenKeypoint(pose, side, 'shoulder', frame, minScore);
    const foot =
      seenKeypoint(pose, side, 'ankle', frame, minScore) ?? seenKeypoint(pose, side, 'knee', frame, minScore);
    return (
      shoulder !== null && foot !== null && Math.abs(foot.y - shoulder.y) < Math.abs(foot.x - shoulder.x)
    );
  });
}

/**
 * How far the shoulder–hip–ankle line bends from straight (knee when the ankle is not seen), and
 * which way: a hip below the shoulder–ankle line sags, above it pikes. Only for a body lying
 * roughly level (a plank); a standing body is not judged.
 */
function bodyLineBend(
  pose: Pose,
  frame: PoseFrame,
  minScore: number,
  preferred: Side | null,
): { deg: number; hipBelowLine: boolean } | null {
  const order: Side[] = preferred === 'right' ? ['right', 'left'] : ['left', 'right'];
  for (const side of order) {
    const shoulder = seenKeypoint(pose, side, 'shoulder', frame, minScore);
    const hip = seenKeypoint(pose, side, 'hip', frame, minScore);
    const foot =
      seenKeypoint(pose, side, 'ankle', frame, minScore) ?? seenKeypoint(pose, side, 'knee', frame, minScore);
    if (!shoulder || !hip || !foot) continue;
    const dx = foot.x - shoulder.x;
    const dy = foot.y - shoulder.y;
    if (Math.abs(dy) >= Math.abs(dx) || distance(shoulder, foot) === 0) return null;
    const lineYAtHip = shoulder.y + (dy * (hip.x - shoulder.x)) / dx;
    return { deg: 180 - angleAt(shoulder, hip, foot), hipBelowLine: hip.y > lineYAtHip };
  }
  return null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
