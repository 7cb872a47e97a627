import type { Engine } from '@tsparticles/engine';
import { loadExternalGrabInteraction } from '@tsparticles/interaction-external-grab';
import { loadParticlesLinksInteraction } from '@tsparticles/interaction-particles-links';
import { loadBaseMover } from '@tsparticles/move-base';
import { loadHexColorPlugin } from '@tsparticles/plugin-hex-color';
import { loadCircleShape } from '@tsparticles/shape-circle';
import { loadColorUpdater } from '@tsparticles/updater-color';
import { loadOpacityUpdater } from '@tsparticles/updater-opacity';
import { loadOutModesUpdater } from '@tsparticles/updater-out-modes';
import { loadSizeUpdater } from '@tsparticles/updater-size';

/**
 * The tsParticles parts that /config/particles.json uses: hex colours, circles that move and bounce,
 * opacity and size ranges, links, and grab on hover. tsParticles' ready-made slim bundle carries a
 * dozen more (images, emoji, polygons, bubbles, repulse...) that this configuration never draws:
 * loading only these keeps the sign-in page within its JavaScript budget (docs/product.md, "Budgets").
 * A config that needs another part must add it here.
 */
export async function loadParticleParts(engine: Engine): Promise<void> {
  await loadHexColorPlugin(engine, false);
  await loadBaseMover(engine, false);
  await loadCircleShape(engine, false);
  await loadColorUpdater(engine, false);
  await loadOpacityUpdater(engine, false);
  await loadOutModesUpdater(engine, false);
  await loadSizeUpdater(engine, false);
  await loadParticlesLinksInteraction(engine, false);
  await loadExternalGrabInteraction(engine, false);
  await engine.refresh();
}
