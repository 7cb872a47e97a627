import { TOAST_ERROR_MS, TOAST_MAX, TOAST_SUCCESS_MS } from '@pushup/shared';
import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  type DefaultToastOptions,
  type Toast,
  Toaster,
  toast,
  useToaster,
  useToasterStore,
} from 'react-hot-toast';

const TOAST_OPTIONS: DefaultToastOptions = {
  className: 'text-sm font-medium',
  // The palette's variables, so a toast follows the theme (index.css swaps them for dark).
  style: {
    color: 'var(--color-slate-900, #0f172a)',
    background: 'var(--color-white, #fff)',
    border: '1px solid var(--color-slate-200, #e2e8f0)',
    borderRadius: '0.75rem',
  },
  success: { duration: TOAST_SUCCESS_MS },
  error: { duration: TOAST_ERROR_MS },
};

/**
 * What the toasts keep clear of: an open picker (the back-dating calendar), the hero on a phone, the
 * logging form while the person uses it. Toasts stay at the bottom right (docs/product.md), so while
 * one of them lies under the toasts, the toasts step aside: they fade out, their time stops, and they
 * come back when it is clear (closed, scrolled away, or done with). Screen readers still hear them.
 * An error never steps aside.
 */
const zones = new Set<HTMLElement>();
const zoneListeners = new Set<() => void>();
const zonesChanged = () => {
  for (const listener of zoneListeners) listener();
};

/** Keeps the toasts clear of `ref`'s element while `active`. */
export function useKeepToastsClear(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    zones.add(element);
    zonesChanged();
    return () => {
      zones.delete(element);
      zonesChanged();
    };
  }, [ref, active]);
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether a toast on screen lies over one of the zones. */
function toastsCoverAZone(): boolean {
  if (zones.size === 0) return false;
  // Each toast's own box: its wrapper (the container's child) spans the whole width, so on a wide
  // screen it met the logging card across the page from the toast in the right corner.
  const shown = [...document.querySelectorAll<HTMLElement>('[data-rht-toaster] > div > *')]
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.height > 0);
  if (shown.length === 0) return false;
  const areas = [...zones].filter((zone) => zone.isConnected).map((zone) => zone.getBoundingClientRect());
  return shown.some((rect) => areas.some((area) => overlaps(rect, area)));
}

/** Whether the toasts must step aside now, checked as toasts come and go, zones change, and the page scrolls. */
function useToastsStepAside(toasts: readonly Toast[]): boolean {
  const [aside, setAside] = useState(false);
  const check = useRef(() => {});
  useEffect(() => {
    let frame = 0;
    let later = 0;
    check.current = () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(later);
      // After the toasts' own layout (their heights are measured once they render), and again once
      // they have slid into place.
      frame = requestAnimationFrame(() => setAside(toastsCoverAZone()));
      later = window.setTimeout(() => setAside(toastsCoverAZone()), 350);
    };
    const onChange = () => check.current();
    zoneListeners.add(onChange);
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(later);
      zoneListeners.delete(onChange);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the toasts is a reason to look again
  useEffect(() => check.current(), [toasts]);
  // An error is read where it is: it says why what the person just did failed.
  const error = toasts.some((shown) => shown.visible && shown.type === 'error');
  return aside && toasts.length > 0 && !error;
}

/** Bottom-right toasts: success 2 s, error 5 s, at most 20 visible (docs/product.md, "Limits"). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  // The same options as the Toaster's, for its pause: a toast set aside keeps its time for later.
  const { handlers } = useToaster(TOAST_OPTIONS);
  const aside = useToastsStepAside(toasts);

  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(TOAST_MAX)) toast.dismiss(extra.id);
  }, [toasts]);

  // The latest handlers (endPause changes with the pause itself): the pause follows `aside` alone.
  const pause = useRef(handlers);
  pause.current = handlers;
  useEffect(() => {
    if (!aside) return;
    pause.current.startPause();
    // After the pause has rendered, so that endPause sees it.
    return () => {
      window.setTimeout(() => pause.current.endPause(), 0);
    };
  }, [aside]);

  return (
    <Toaster
      position="bottom-right"
      containerClassName={
        aside ? 'opacity-0 transition-opacity [&_*]:pointer-events-none!' : 'transition-opacity'
      }
      containerStyle={aside ? { opacity: 0 } : undefined}
      toastOptions={TOAST_OPTIONS}
    />
  );
}
