/** Below this mean brightness (0..255) the pose model misses joints: the screen asks for more light. */
export const LOW_LIGHT_BELOW = 50;

/** The mean brightness (0..255, Rec. 601 luma) of RGBA pixels, as a canvas's getImageData gives them. */
export function meanBrightness(pixels: Uint8ClampedArray): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i + 2 < pixels.length; i += 4) {
    sum += 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
    count += 1;
  }
  return count === 0 ? 0 : sum / count;
}

/** A video frame's brightness from a thumbnail (a few hundred pixels are enough for a mean). */
export function videoBrightness(video: HTMLVideoElement, canvas: HTMLCanvasElement): number | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  canvas.width = 32;
  canvas.height = 24;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return meanBrightness(context.getImageData(0, 0, canvas.width, canvas.height).data);
}
