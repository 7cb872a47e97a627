import type { ComponentType } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { REDUCED_MOTION_QUERY } from '@/lib/reduced-motion';
import { useTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/use-media-query';

type ParticlesComponent = ComponentType<{ id?: string; className?: string; options?: unknown }>;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The dark theme's take on the configuration: /config/particles.json stays the one static
 * file (docs/product.md) and is drawn for a light page; on the dark page (#0b1120) the same orange
 * would glare, so the dots and links are softer there and stay behind the text.
 */
export function particlesForTheme(options: unknown, dark: boolean): unknown {
  if (!dark || !isObject(options)) return options;
  const particles = isObject(options.particles) ? options.particles : {};
  const links = isObject(particles.links) ? particles.links : {};
  const interactivity = isObject(options.interactivity) ? options.interactivity : {};
  const modes = isObject(interactivity.modes) ? interactivity.modes : {};
  const grab = isObject(modes.grab) ? modes.grab : {};
  return {
    ...options,
    particles: {
      ...particles,
      color: { value: ['#ea580c', '#f97316', '#fb923c'] },
      opacity: { value: { min: 0.12, max: 0.32 } },
      links: { ...links, color: '#c2410c', opacity: 0.22 },
    },
    interactivity: {
      ...interactivity,
      modes: { ...modes, grab: { ...grab, links: { opacity: 0.3 } } },
    },
  };
}

/**
 * The animated particle background. tsParticles and its config load when it mounts, which the root
 * layout does once the page has settled (lib/page-settled.ts); nothing renders when the user
 * prefers reduced motion.
 */
export function ParticlesBackground() {
  const { dark } = useTheme();
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const [loaded, setLoaded] = useState<{ Particles: ParticlesComponent; options: unknown } | null>(null);

  useEffect(() => {
    if (reduced || loaded) return;
    let cancelled = false;
    const start = async () => {
      try {
        const response = await fetch('/config/particles.json');
        if (!response.ok) return;
        const options: unknown = await response.json();
        // Only the parts particles.json uses (particle-parts.ts), not the whole slim bundle.
        const [react, parts] = await Promise.all([import('@tsparticles/react'), import('./particle-parts')]);
        await react.initParticlesEngine(parts.loadParticleParts);
        if (!cancelled) setLoaded({ Particles: react.default as ParticlesComponent, options });
      } catch {
        // Decoration only: the app works the same without it.
      }
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, [reduced, loaded]);

  const options = useMemo(() => (loaded ? particlesForTheme(loaded.options, dark) : null), [loaded, dark]);

  if (reduced || !loaded) return null;
  const { Particles } = loaded;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10">
      {/* A new theme draws the particles anew in its colours. */}
      <Particles
        key={dark ? 'dark' : 'light'}
        id="particles-background"
        className="absolute inset-0"
        options={options}
      />
    </div>
  );
}
