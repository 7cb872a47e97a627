import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Opened from the installed app's 'Log pushups' shortcut (`/?log=1`, the manifest's `shortcuts` in
 * vite.config.ts), the dashboard brings the counter into view and puts the keyboard
 * in its count field, once: the parameter is dropped, so a reload or Back does not do it again.
 */
export function useLogShortcut(fieldId: string) {
  const [params, setParams] = useSearchParams();
  const fromShortcut = params.has('log');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens from the shortcut
  useEffect(() => {
    if (!fromShortcut) return;
    // After the page's own scroll to the top when it opens (app/scroll-to-top.tsx).
    const timer = window.setTimeout(() => {
      const field = document.getElementById(fieldId);
      field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('log');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, 0);
    return () => window.clearTimeout(timer);
  }, [fromShortcut]);
}
