/** Why the camera could not be used, each with its own explanation on the screen. */
export type CameraProblem = 'refused' | 'missing' | 'busy';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(`Camera ${problem}`);
  }
}

/**
 * The camera facing the user (the phone lies on the floor with its screen up, so the screen's count
 * can be read), small: the pose model looks at 192 x 192 pixels, more costs time and battery.
 */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
};

export async function openCamera(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    throw new CameraError('missing');
  }
  try {
    return await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
  } catch (error) {
    const name = error instanceof DOMException || error instanceof Error ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('refused');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('missing');
    throw new CameraError('busy');
  }
}

export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
