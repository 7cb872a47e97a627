import type { KeypointName, Pose } from '@/features/camera-counter/pose';

/** The bones drawn between joints: arms, trunk and legs (the face's joints are left out). */
const BONES: readonly (readonly [KeypointName, KeypointName])[] = [
  ['leftShoulder', 'rightShoulder'],
  ['leftShoulder', 'leftElbow'],
  ['leftElbow', 'leftWrist'],
  ['rightShoulder', 'rightElbow'],
  ['rightElbow', 'rightWrist'],
  ['leftShoulder', 'leftHip'],
  ['rightShoulder', 'rightHip'],
  ['leftHip', 'rightHip'],
  ['leftHip', 'leftKnee'],
  ['leftKnee', 'leftAnkle'],
  ['rightHip', 'rightKnee'],
  ['rightKnee', 'rightAnkle'],
];

/** Joints under this confidence are not drawn: the counter does not use them either. */
const DRAWN_FROM_SCORE = 0.3;

/**
 * The counted person's skeleton over the preview, in the video's own pixels: the SVG's viewBox is the
 * frame and it is fitted like the video (object-contain), so the lines lie on the body.
 */
export function SkeletonOverlay({
  pose,
  width,
  height,
}: {
  pose: Pose | null;
  width: number;
  height: number;
}) {
  if (!pose || width === 0 || height === 0) return null;
  const seen = (name: KeypointName) => {
    const point = pose.keypoints[name];
    return point && point.score >= DRAWN_FROM_SCORE ? point : null;
  };
  const stroke = Math.max(width, height) / 120;
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      className="pointer-events-none absolute inset-0 size-full"
    >
      {BONES.map(([from, to]) => {
        const a = seen(from);
        const b = seen(to);
        return a && b ? (
          <line
            key={`${from}-${to}`}
            x1={a.x}
            y1={a.y}
            x2={b.x}
            y2={b.y}
            stroke="#fb923c"
            strokeWidth={stroke}
            strokeLinecap="round"
          />
        ) : null;
      })}
      {BONES.flat()
        .filter((name, index, all) => all.indexOf(name) === index)
        .map((name) => {
          const point = seen(name);
          return point ? (
            <circle
              key={name}
              cx={point.x}
              cy={point.y}
              r={stroke * 1.2}
              fill="#fff7ed"
              stroke="#c2410c"
              strokeWidth={stroke / 2}
            />
          ) : null;
        })}
    </svg>
  );
}
