import { localDay } from '@pushup/shared';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { resolveDay } from '@/features/log-history/log-history-format';

/**
 * The day shown, stored in `?day=YYYY-MM-DD` so a reload or a shared link keeps it. A missing,
 * malformed or out-of-range value means today; a bad one is removed from the address. Choosing a
 * day replaces the history entry: Back leaves the page instead of stepping through the days.
 */
export function useChosenDay(): { day: string; today: string; chooseDay: (day: string) => void } {
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date());
  const raw = params.get('day');
  const day = resolveDay(raw, today);
  const bad = raw !== null && raw !== day;

  useEffect(() => {
    if (!bad) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('day');
        return next;
      },
      { replace: true },
    );
  }, [bad, setParams]);

  const chooseDay = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('day', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { day, today, chooseDay };
}
