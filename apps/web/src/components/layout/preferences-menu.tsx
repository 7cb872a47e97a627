import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyWithQueries } from '@/lib/with-queries';

// The switches load when the panel first opens: the sign-in page carries only the button.
const PreferenceSelects = lazyWithQueries(() =>
  import('@/components/preference-selects').then((m) => m.PreferenceSelects),
);

/**
 * The top bar's language and theme button: a small panel with both switches, for signed-in
 * and signed-out visitors alike. Plain markup, not the dropdown library: /login stays light.
 */
export function PreferencesMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={t`Language and theme`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <Languages className="size-5" aria-hidden="true" />
      </button>
      {open && (
        <fieldset
          id={panelId}
          aria-label={t`Language and theme`}
          className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
        >
          <Suspense fallback={<div className="h-40" />}>
            <PreferenceSelects className="sm:grid-cols-1" />
          </Suspense>
        </fieldset>
      )}
    </div>
  );
}
