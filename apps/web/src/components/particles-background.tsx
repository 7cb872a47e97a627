import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';

type ParticlesComponent = ComponentType<{ id?: string; className?: string; options?: unknown }>;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The animated particle background. tsParticles and its config load after the first paint (when the
 * browser is idle), and nothing renders when the user prefers reduced motion.
 */
export function ParticlesBackground() {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  const [loaded, setLoaded] = useState<{ Particles: ParticlesComponent; options: unknown } | null>(null);

  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (reduced || loaded) return;
    let cancelled = false;
    const start = async () => {
      try {
        const response = await fetch('/config/particles.json');
        if (!response.ok) return;
        const options: unknown = await response.json();
        const [react, slim] = await Promise.all([import('@tsparticles/react'), import('@tsparticles/slim')]);
        await react.initParticlesEngine(async (engine) => {
          await slim.loadSlim(engine);
        });
        if (!cancelled) setLoaded({ Particles: react.default as ParticlesComponent, options });
      } catch {
        // Decoration only: the app works the same without it.
      }
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => void start(), { timeout: 3000 })
      : window.setTimeout(() => void start(), 1500);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [reduced, loaded]);

  if (reduced || !loaded) return null;
  const { Particles, options } = loaded;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10">
      <Particles id="particles-background" className="absolute inset-0" options={options} />
    </div>
  );
}
