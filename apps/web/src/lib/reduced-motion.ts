/** The media query of the person's reduced-motion setting (useMediaQuery follows its changes). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the person asked their system for reduced motion: the app then jumps where it would move
 * (scrolls, counting numbers, charts, bursts). Read at the moment of the motion, so a change of the
 * setting counts from the next one. Without matchMedia (a test's DOM), motion is allowed.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** How a scroll the app makes moves: smoothly, or at once under reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
