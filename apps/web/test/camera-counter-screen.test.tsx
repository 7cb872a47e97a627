import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraCounterScreen } from '@/features/camera-counter/components/camera-counter-screen';
import type { PoseFrame } from '@/features/camera-counter/pose';
import { inLanguage } from './in-language';
import { pushupPose } from './synthetic-poses';

/**
 * The camera counter's screen with a stand-in for the pose model: a slow one, to see that the loop
 * takes the latest frame whenever the model is free and never lines frames up behind it.
 */

const detector = vi.hoisted(() => ({
  inFlight: 0,
  mostInFlight: 0,
  calls: 0,
  startedAt: 0,
  created: vi.fn(),
}));

/** The model's time per frame: slower than the camera's frames (every 16 ms here). */
const DETECT_MS = 60;
/** Each push-up of the body the stand-in sees: the elbow from 170° to 80° and back. */
const REP_MS = 1400;

function elbowAt(ms: number): number {
  if (ms < 400 || ms > 400 + 2 * REP_MS) return 170;
  const phase = ((ms - 400) % REP_MS) / REP_MS;
  return 170 - 90 * (1 - Math.cos(phase * 2 * Math.PI)) * 0.5;
}

vi.mock('@/features/camera-counter/pose-detector', () => ({
  createPoseDetector: async () => {
    detector.created();
    detector.startedAt = performance.now();
    return {
      async detect(_video: HTMLVideoElement, timeMs: number): Promise<PoseFrame> {
        detector.calls += 1;
        detector.inFlight += 1;
        detector.mostInFlight = Math.max(detector.mostInFlight, detector.inFlight);
        await new Promise((resolve) => setTimeout(resolve, DETECT_MS));
        detector.inFlight -= 1;
        const pose = pushupPose(elbowAt(timeMs - detector.startedAt));
        return { poses: [pose], width: 640, height: 480, timeMs };
      },
      close() {},
    };
  },
}));

const getUserMedia = vi.fn();

beforeEach(() => {
  Object.assign(detector, { inFlight: 0, mostInFlight: 0, calls: 0 });
  detector.created.mockClear();
  const track = { stop: vi.fn(), readyState: 'live' };
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // jsdom plays no video: this one has a frame at once and a new one every 16 ms.
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the camera counter screen', () => {
  it('loads the model only once the camera runs, counts from the latest frames without a queue, and Use hands the count over', async () => {
    const onUse = vi.fn();
    const onClose = vi.fn();
    render(<CameraCounterScreen onUse={onUse} onClose={onClose} />, { wrapper: await inLanguage('en') });
    expect(screen.getByText(/The video never leaves your device/)).toBeTruthy();
    expect(detector.created).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start the camera' }));
    });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await screen.findByText('Body in view: counting', {}, { timeout: 3000 });
    expect(detector.created).toHaveBeenCalledTimes(1);
    const count = () => document.querySelector('p[aria-live="polite"]')?.textContent;
    await waitFor(() => expect(count()).toBe('2 pushups'), { timeout: 10_000 });

    // One frame at a time in the model, however many the camera showed meanwhile (one every 16 ms).
    expect(detector.mostInFlight).toBe(1);
    expect(detector.calls).toBeLessThanOrEqual((performance.now() - detector.startedAt) / DETECT_MS + 1);

    fireEvent.keyDown(screen.getByRole('button', { name: 'Stop' }), { key: ' ' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use 2' }));
    expect(onUse).toHaveBeenCalledWith(2);
    expect(onClose).toHaveBeenCalled();
  }, 20_000);

  it('explains a refused camera and never loads the model', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const onClose = vi.fn();
    render(<CameraCounterScreen onUse={vi.fn()} onClose={onClose} />, { wrapper: await inLanguage('de') });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Kamera starten' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Kamera ist nicht erlaubt');
    expect(alert.textContent).toContain('Du kannst wie immer mit dem Zähler zählen.');
    expect(detector.created).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Zurück zum Zähler' }));
    expect(onClose).toHaveBeenCalled();
  });
});
