/**
 * What the camera counter knows of a body in one frame: the seventeen joints a MoveNet-style
 * model reports, in the frame's pixel coordinates, each with the model's confidence (0..1).
 * The pose detector produces these; the repetition counter and the placement check read them,
 * so the counting rules can be tested on synthetic sequences without a camera or a model.
 */
export const KEYPOINT_NAMES = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;

export type KeypointName = (typeof KEYPOINT_NAMES)[number];

export interface Keypoint {
  readonly x: number;
  readonly y: number;
  readonly score: number;
}

/** One person in one frame; a joint the model did not find at all is absent. */
export interface Pose {
  readonly keypoints: Partial<Record<KeypointName, Keypoint>>;
  /** The model's confidence that this is a person (0..1). */
  readonly score: number;
}

/** What one frame gave: every person found, the frame's size and when it was taken (ms). */
export interface PoseFrame {
  readonly poses: readonly Pose[];
  readonly width: number;
  readonly height: number;
  readonly timeMs: number;
}

/** Finds poses in video frames; created once per counting session, closed when it ends. */
export interface PoseDetector {
  detect(video: HTMLVideoElement, timeMs: number): Promise<PoseFrame>;
  close(): void;
}
