/**
 * The steps' colours: one hue (the brand's orange) from light to deep in the light theme; the dark
 * theme's palette runs the brand shades the other way (src/index.css), so more push-ups are brighter
 * there. Step 0 is the surface's grey. The lightness rises or falls with every step in both themes,
 * so the order reads without telling hues apart; the tooltip and the cells' names also say the step.
 */
export const STEP_CLASSES = [
  'bg-slate-200/80',
  'bg-brand-300',
  'bg-brand-500',
  'bg-brand-700',
  'bg-brand-900',
] as const;
