import { startTransition, useEffect, useState } from 'react';
import { type CatalogPart, catalogPartLoaded, loadCatalogPart } from './catalog';

/** True once a part of the active language's catalogs is loaded (it starts loading on first use). */
export function useCatalogPart(part: CatalogPart): boolean {
  const [ready, setReady] = useState(() => catalogPartLoaded(part));
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    // A failed download shows the page anyway (its texts fall back to English) rather than a spinner forever.
    // What waited for the texts (a whole page, with its frame) renders in slices, as a transition.
    const done = () => {
      if (!cancelled) startTransition(() => setReady(true));
    };
    loadCatalogPart(part).then(done, done);
    return () => {
      cancelled = true;
    };
  }, [part, ready]);
  return ready;
}
