import { HOLD_ACCELERATION_MS, HOLD_REPEAT_DELAY_MS } from '@pushup/shared';
import { type PointerEvent, useEffect, useRef } from 'react';

/**
 * Press-and-hold repetition of a counter's buttons, the push-up counter's and the plan's (docs/product.md,
 * "Limits"): one step on press, repeats after 400 ms, and the repeats speed up from SLOWEST to FASTEST
 * over about 4 s of holding.
 */

export const SLOWEST_REPEAT_MS = 150;
export const FASTEST_REPEAT_MS = 30;

/** The pause before the next repeat, `heldMs` after repeating began. */
export function repeatInterval(heldMs: number): number {
  const progress = Math.min(1, Math.max(0, heldMs / HOLD_ACCELERATION_MS));
  return Math.round(SLOWEST_REPEAT_MS - (SLOWEST_REPEAT_MS - FASTEST_REPEAT_MS) * progress);
}

export interface HoldRepeater {
  start(): void;
  stop(): void;
}

/** Timer logic without React, so it can be tested with fake timers. */
export function createHoldRepeater(step: () => void, now: () => number = Date.now): HoldRepeater {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let repeatingSince = 0;

  const repeat = () => {
    step();
    timer = setTimeout(repeat, repeatInterval(now() - repeatingSince));
  };

  return {
    start() {
      this.stop();
      step();
      timer = setTimeout(() => {
        repeatingSince = now();
        repeat();
      }, HOLD_REPEAT_DELAY_MS);
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Pointer handlers for a button that steps while held. Keyboard presses arrive as clicks with
 * `detail === 0` and step once each (the keyboard's own auto-repeat handles holding a key).
 */
export function useHoldRepeat(step: () => void) {
  const stepRef = useRef(step);
  stepRef.current = step;
  const repeater = useRef<HoldRepeater | null>(null);
  repeater.current ??= createHoldRepeater(() => stepRef.current());

  useEffect(() => () => repeater.current?.stop(), []);

  const stop = () => repeater.current?.stop();
  return {
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0) return;
      // Keep receiving pointerup even when the finger slides off the button.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      repeater.current?.start();
    },
    onPointerUp: stop,
    onPointerCancel: stop,
    onLostPointerCapture: stop,
    onClick: (event: { detail: number }) => {
      if (event.detail === 0) stepRef.current();
    },
    onContextMenu: (event: { preventDefault(): void }) => event.preventDefault(),
  };
}
