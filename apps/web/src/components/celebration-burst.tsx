import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '@/lib/reduced-motion';
import { isDarkNow } from '@/lib/theme';

/** The particles' colours: the brand's oranges, gold and a teal; lighter ones on a dark page. */
const COLOURS = {
  light: ['#c2410c', '#ea580c', '#f97316', '#fbbf24', '#fde68a', '#0f766e'],
  dark: ['#fb923c', '#f97316', '#fdba74', '#fbbf24', '#fde68a', '#2dd4bf'],
};
const PARTICLES = 90;
const DURATION_MS = 1600;
const GRAVITY = 0.16;

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  colour: string;
  spin: number;
  angle: number;
}

/**
 * A short burst of particles from the middle of the screen, the app's way of cheering (decorative).
 * Nothing moves for a user who asks for reduced motion; `onDone` is called either way.
 */
export function CelebrationBurst({ onDone }: { onDone?: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || prefersReducedMotion()) {
      done.current?.();
      return;
    }
    const ratio = window.devicePixelRatio || 1;
    const width = window.innerWidth;
    const height = window.innerHeight;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    context.scale(ratio, ratio);
    const colours = COLOURS[isDarkNow() ? 'dark' : 'light'];
    const particles: Particle[] = Array.from({ length: PARTICLES }, () => {
      const angle = Math.random() * Math.PI * 2;
      const speed = 3 + Math.random() * 8;
      return {
        x: width / 2,
        y: height * 0.42,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed - 3,
        size: 4 + Math.random() * 5,
        colour: colours[Math.floor(Math.random() * colours.length)] ?? '#f97316',
        spin: (Math.random() - 0.5) * 0.3,
        angle: Math.random() * Math.PI,
      };
    });
    const start = performance.now();
    let frame = 0;
    const draw = (now: number) => {
      const elapsed = now - start;
      context.clearRect(0, 0, width, height);
      context.globalAlpha = Math.max(0, 1 - elapsed / DURATION_MS);
      for (const particle of particles) {
        particle.vy += GRAVITY;
        particle.x += particle.vx;
        particle.y += particle.vy;
        particle.angle += particle.spin;
        context.save();
        context.translate(particle.x, particle.y);
        context.rotate(particle.angle);
        context.fillStyle = particle.colour;
        context.fillRect(-particle.size / 2, -particle.size / 4, particle.size, particle.size / 2);
        context.restore();
      }
      if (elapsed < DURATION_MS) frame = requestAnimationFrame(draw);
      else done.current?.();
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-[60]">
      <canvas ref={canvasRef} className="size-full" />
    </div>
  );
}
