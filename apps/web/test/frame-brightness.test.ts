import { describe, expect, it } from 'vitest';
import { LOW_LIGHT_BELOW, meanBrightness } from '@/features/camera-counter/frame-brightness';

/** RGBA pixels of one colour. */
const pixels = (count: number, [r, g, b]: readonly [number, number, number]) =>
  Uint8ClampedArray.from({ length: count * 4 }, (_, i) => [r, g, b, 255][i % 4] ?? 0);

describe('the camera frame brightness', () => {
  it('reads a dim room as low light and a lit one as not', () => {
    expect(meanBrightness(pixels(768, [20, 22, 25]))).toBeLessThan(LOW_LIGHT_BELOW);
    expect(meanBrightness(pixels(768, [140, 130, 120]))).toBeGreaterThan(LOW_LIGHT_BELOW);
  });

  it('weighs green most, as the eye does, and averages over the pixels', () => {
    expect(meanBrightness(pixels(1, [0, 255, 0]))).toBeCloseTo(149.7, 0);
    expect(meanBrightness(pixels(1, [0, 0, 255]))).toBeCloseTo(29.1, 0);
    const half = new Uint8ClampedArray([...pixels(2, [0, 0, 0]), ...pixels(2, [255, 255, 255])]);
    expect(meanBrightness(half)).toBeCloseTo(127.5, 0);
    expect(meanBrightness(new Uint8ClampedArray())).toBe(0);
  });
});
