import { useLingui } from '@lingui/react/macro';
import { ACHIEVEMENTS, type AchievementId } from '@pushup/shared';
import { X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast, { type Toast } from 'react-hot-toast';
import { AchievementMedal } from '@/components/achievement-badge';
import { achievementText } from '@/components/achievement-texts';
import { CelebrationBurst } from '@/components/celebration-burst';
import { useAchievements, useMarkAchievementsSeen } from '@/features/habits/api/achievements';
import { useRecords } from '@/features/habits/api/records';
import { HABIT_TEXTS } from '@/features/habits/habit-texts';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';

/** How long an announcement stays: long enough to read two lines, short of a screen's worth. */
const ANNOUNCEMENT_MS = 6000;

/** The best day this device last showed the user, to cheer a new one once. */
function useNewPersonalBest(onNew: () => void) {
  const { uid } = useCurrentUser();
  const best = useRecords().data?.bestDay?.total;
  useEffect(() => {
    if (best === undefined) return;
    const key = `pushup-best-day:${uid}`;
    const shown = localStorage.getItem(key);
    localStorage.setItem(key, String(best));
    // The first look on this device, or the first entry ever, is no record broken.
    if (shown !== null && Number(shown) > 0 && best > Number(shown)) onNew();
  }, [best, uid, onNew]);
}

/** The announcement: a toast that does not stand in the way, naming what was earned. */
function AchievementToast({ shown, ids }: { shown: Toast; ids: readonly AchievementId[] }) {
  const { t } = useLingui();
  const items = ACHIEVEMENTS.filter((item) => ids.includes(item.id)).map((item) => ({
    ...item,
    ...achievementText(item),
  }));
  const heading = HABIT_TEXTS.achievementsUnlocked(items.length);
  return (
    <section
      aria-label={heading}
      className="pointer-events-auto w-80 max-w-[calc(100vw-2rem)] rounded-2xl border border-amber-200 bg-white p-4 shadow-xl"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-bold text-brand-900">{heading}</p>
        <button
          type="button"
          onClick={() => toast.dismiss(shown.id)}
          aria-label={t`Close`}
          className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <ul className="mt-2 space-y-2">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3">
            <AchievementMedal kind={item.kind} earned />
            <div>
              <p className="font-semibold text-slate-900">{item.title}</p>
              <p className="text-sm text-slate-600">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Cheers on every signed-in page (docs/product.md, "Achievements" and "Personal records"): a new
 * achievement, earned here, on another device or by entries the service worker sent, is announced
 * with a burst of particles and marked as seen; a day that beats the best day gets 'New personal
 * best!' once. Neither blocks the page.
 */
export function HabitCelebrations() {
  const achievements = useAchievements();
  const markSeen = useMarkAchievementsSeen();
  const [burst, setBurst] = useState(0);
  const announcing = useRef(new Set<AchievementId>());

  const unseen = useMemo(
    () =>
      achievements.data
        ?.filter((item) => item.unseen && item.earnedAt !== null && !announcing.current.has(item.id))
        .map((item) => item.id) ?? [],
    [achievements.data],
  );
  useEffect(() => {
    if (unseen.length === 0) return;
    for (const id of unseen) announcing.current.add(id);
    toast.custom((shown) => <AchievementToast shown={shown} ids={unseen} />, {
      id: `achievements-${unseen.join('-')}`,
      duration: ANNOUNCEMENT_MS,
    });
    setBurst((n) => n + 1);
    markSeen.mutate(unseen);
  }, [unseen, markSeen.mutate]);

  const celebrateBest = useCallback(() => {
    toast.success(sharedMessage('newPersonalBest'), { id: 'personal-best' });
    setBurst((n) => n + 1);
  }, []);
  useNewPersonalBest(celebrateBest);

  return burst > 0 ? <CelebrationBurst key={burst} onDone={() => setBurst(0)} /> : null;
}
