import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { CameraError, type CameraProblem, closeCamera, openCamera } from '@/features/camera-counter/camera';
import { LOW_LIGHT_BELOW, videoBrightness } from '@/features/camera-counter/frame-brightness';
import type { PoseDetector, PoseFrame } from '@/features/camera-counter/pose';
import {
  createRepCounter,
  PUSHUP_RULES,
  type RepCounter,
  type RepCounterState,
} from '@/features/camera-counter/rep-counter';
import { sayCount } from '@/features/camera-counter/spoken-count';

/**
 * idle: not started. camera: asking for the camera. model: the preview runs while the pose model
 * loads. live: counting. problem: the camera or the model could not be used. ended: stopped.
 */
export type CounterPhase = 'idle' | 'camera' | 'model' | 'live' | 'problem' | 'ended';
export type CounterProblem = CameraProblem | 'model';

/** How often the frame's brightness is measured (a mean of a thumbnail). */
const BRIGHTNESS_EVERY_MS = 1000;

interface Session {
  ended: boolean;
  paused: boolean;
  stream: MediaStream | null;
  detector: PoseDetector | null;
  counter: RepCounter;
  wake: (() => void) | null;
  brightnessAt: number;
  canvas: HTMLCanvasElement;
}

/** The next frame the video presents (a requestVideoFrameCallback), or the next paint where it has none. */
function nextVideoFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => resolve());
    else if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 16);
  });
}

/**
 * A counting session: the camera into the video element, the pose model loaded on demand (a dynamic
 * import, so no other screen carries it), and the loop that feeds the repetition counter. The loop
 * takes the video's latest frame each time the model is free, so a slow phone counts from the frames
 * it manages and never works through a queue. A page sent to the background releases the camera and
 * pauses; back in front, the camera is asked for again and counting goes on.
 */
export function useCameraCounter(video: RefObject<HTMLVideoElement | null>) {
  const [phase, setPhase] = useState<CounterPhase>('idle');
  const [problem, setProblem] = useState<CounterProblem | null>(null);
  const [state, setState] = useState<RepCounterState | null>(null);
  const [lowLight, setLowLight] = useState(false);
  const [paused, setPaused] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [frameSize, setFrameSize] = useState({ width: 0, height: 0 });
  const session = useRef<Session | null>(null);

  const end = useCallback(() => {
    const current = session.current;
    if (!current) return;
    current.ended = true;
    closeCamera(current.stream);
    setStream(null);
    current.detector?.close();
    current.wake?.();
    session.current = null;
  }, []);

  const fail = useCallback(
    (reason: CounterProblem) => {
      end();
      setProblem(reason);
      setPhase('problem');
    },
    [end],
  );

  const attach = useCallback(async (current: Session) => {
    const stream = await openCamera();
    if (current.ended) {
      closeCamera(stream);
      return;
    }
    current.stream = stream;
    setStream(stream);
  }, []);

  // The video element is rendered once the session starts: the stream joins it after that render.
  useEffect(() => {
    const element = video.current;
    if (!element || !stream || element.srcObject === stream) return;
    element.srcObject = stream;
    void element.play().catch(() => {});
  });

  const loop = useCallback(
    async (current: Session) => {
      while (!current.ended) {
        const element = video.current;
        const detector = current.detector;
        if (current.paused || !element || !detector) {
          await new Promise<void>((resolve) => {
            current.wake = resolve;
          });
          current.wake = null;
          continue;
        }
        await nextVideoFrame(element);
        if (current.ended || current.paused || element.readyState < 2) continue;
        const timeMs = performance.now();
        let frame: PoseFrame;
        try {
          frame = await detector.detect(element, timeMs);
        } catch {
          continue; // one frame the model could not read: the next one
        }
        if (current.ended) return;
        const next = current.counter.update(frame);
        setState(next);
        setFrameSize((size) =>
          size.width === frame.width && size.height === frame.height
            ? size
            : { width: frame.width, height: frame.height },
        );
        if (next.repCounted) sayCount(next.count);
        if (timeMs - current.brightnessAt >= BRIGHTNESS_EVERY_MS) {
          current.brightnessAt = timeMs;
          const brightness = videoBrightness(element, current.canvas);
          if (brightness !== null) setLowLight(brightness < LOW_LIGHT_BELOW);
        }
      }
    },
    [video],
  );

  const start = useCallback(async () => {
    end();
    const current: Session = {
      ended: false,
      paused: false,
      stream: null,
      detector: null,
      counter: createRepCounter(PUSHUP_RULES),
      wake: null,
      brightnessAt: Number.NEGATIVE_INFINITY,
      canvas: document.createElement('canvas'),
    };
    session.current = current;
    setProblem(null);
    setState(null);
    setLowLight(false);
    setPhase('camera');
    try {
      await attach(current);
    } catch (error) {
      if (!current.ended) fail(error instanceof CameraError ? error.problem : 'busy');
      return;
    }
    if (current.ended) return;
    setPhase('model');
    try {
      // docs/decisions/037-on-device-pose-model.md: the model and its runtime load only here.
      const { createPoseDetector } = await import('@/features/camera-counter/pose-detector');
      const detector = await createPoseDetector();
      if (current.ended) {
        detector.close();
        return;
      }
      current.detector = detector;
    } catch {
      if (!current.ended) fail('model');
      return;
    }
    setPhase('live');
    void loop(current);
  }, [attach, end, fail, loop]);

  /** Ends the session; the count stays to be used or discarded. */
  const stop = useCallback(() => {
    end();
    setPhase('ended');
  }, [end]);

  // The page in the background: the camera is released (the browser would stop sending frames
  // anyway) and counting pauses; back in front, it resumes where it was.
  useEffect(() => {
    const onVisibility = () => {
      const current = session.current;
      if (!current) return;
      if (document.visibilityState === 'hidden') {
        current.paused = true;
        setPaused(true);
        closeCamera(current.stream);
        current.stream = null;
        return;
      }
      if (!current.paused) return;
      attach(current)
        .then(() => {
          current.paused = false;
          setPaused(false);
          current.wake?.();
        })
        .catch((error: unknown) => fail(error instanceof CameraError ? error.problem : 'busy'));
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [attach, fail]);

  useEffect(() => end, [end]);

  return { phase, problem, state, frameSize, lowLight, paused, start, stop };
}
