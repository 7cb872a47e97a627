import { TOAST_ERROR_MS, TOAST_MAX, TOAST_SUCCESS_MS } from '@pushup/shared';
import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

/** Bottom-right toasts: success 2 s, error 5 s, at most 20 visible (docs/product.md, "Limits"). */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(TOAST_MAX)) toast.dismiss(extra.id);
  }, [toasts]);

  return (
    <Toaster
      position="bottom-right"
      toastOptions={{
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
      }}
    />
  );
}
