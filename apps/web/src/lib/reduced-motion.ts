/**
 * Whether the person asked their system for reduced motion: the app then jumps where it would move
 * (scrolls, counting numbers, charts, bursts). Read at the moment of the motion, so a change of the
 * setting counts from the next one. Without matchMedia (a test's DOM), motion is allowed.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** How a scroll the app makes moves: smoothly, or at once under reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
