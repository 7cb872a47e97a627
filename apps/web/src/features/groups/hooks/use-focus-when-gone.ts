import { type RefObject, useEffect, useState } from 'react';

/**
 * Keeps the keyboard in place when a row leaves a list after its action (a removed member, a
 * decided request, a revoked link): once the row with the given id is no longer in `presentIds`
 * and the focus went with it, `target` (the list's heading) gets the focus. Returns the function
 * to call with the id of the row that is leaving.
 */
export function useFocusWhenGone(
  target: RefObject<HTMLElement | null>,
  presentIds: readonly string[] | undefined,
): (id: string) => void {
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    if (leaving === null || !presentIds || presentIds.includes(leaving)) return;
    setLeaving(null);
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) target.current?.focus();
  }, [leaving, presentIds, target]);
  return setLeaving;
}
