import { useLingui } from '@lingui/react/macro';
import { ACHIEVEMENTS, type AchievementId } from '@pushup/shared';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast, { type Toast } from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
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
/** The one announcement toast: several unlocked together are named in it, not in toasts of their own. */
const ANNOUNCEMENT_ID = 'achievements';

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

/**
 * The announcement: a toast that does not stand in the way, naming what was earned. One achievement
 * with its medal and what it is for; several (an import, a back-dated week) in a few lines: their
 * titles, and the way to the profile's Achievements card, where each one is described.
 */
/** 'Share' for an achievement just earned (the share-cards feature's, filled in by src/app). */
type ShareAchievement = (id: AchievementId, title: string) => ReactNode;

function AchievementToast({
  shown,
  ids,
  showing,
  share,
}: {
  share: ShareAchievement | undefined;
  shown: Toast;
  ids: readonly AchievementId[];
  /** Set while this toast is on screen, for the next announcement to join it. */
  showing: RefObject<boolean>;
}) {
  const { t } = useLingui();
  useEffect(() => {
    showing.current = shown.visible;
    return () => {
      showing.current = false;
    };
  }, [shown.visible, showing]);
  const items = ACHIEVEMENTS.filter((item) => ids.includes(item.id)).map((item) => ({
    ...item,
    ...achievementText(item),
  }));
  const heading = HABIT_TEXTS.achievementsUnlocked(items.length);
  const single = items.length === 1 ? items[0] : undefined;
  const onProfile = useLocation().pathname === '/profile';
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
      {single ? (
        <ul className="mt-2">
          <li className="flex items-center gap-3">
            <AchievementMedal kind={single.kind} earned />
            <div>
              <p className="font-semibold text-slate-900">{single.title}</p>
              <p className="text-sm text-slate-600">{single.description}</p>
              {share?.(single.id, single.title)}
            </div>
          </li>
        </ul>
      ) : (
        <div className="mt-2 flex items-start gap-3">
          <AchievementMedal kind={items[0]?.kind ?? 'total'} earned size="sm" />
          <div className="min-w-0">
            <ul className="flex flex-wrap gap-x-1 text-sm font-semibold text-slate-900">
              {items.map((item, index) => (
                <li key={item.id}>
                  {item.title}
                  {index < items.length - 1 ? ',' : ''}
                </li>
              ))}
            </ul>
            {/* On the profile the card is on the page already. */}
            {onProfile ? null : (
              <Link
                to="/profile"
                onClick={() => toast.dismiss(shown.id)}
                className="mt-1 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2"
              >
                {t`See them on your profile`}
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * Cheers on every signed-in page (docs/product.md, "Achievements" and "Personal records"): a new
 * achievement, earned here, on another device or by entries the service worker sent, is announced
 * with a burst of particles and marked as seen; a day that beats the best day gets 'New personal
 * best!' once. Neither blocks the page.
 */
export function HabitCelebrations({ share }: { share?: ShareAchievement } = {}) {
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
  // One announcement at a time: what is earned while it is on screen joins it instead of stacking
  // another toast over the page (an import earns several at once, a refetch may bring more).
  // Not react-hot-toast's useToasterStore: its subscription, ended as this component unmounts (at
  // sign-out), takes the Toaster's own with it, and no toast shows after that.
  const showing = useRef(false);
  const announced = useRef<AchievementId[]>([]);
  useEffect(() => {
    if (unseen.length === 0) return;
    for (const id of unseen) announcing.current.add(id);
    const ids = showing.current ? [...announced.current, ...unseen] : [...unseen];
    announced.current = ids;
    toast.custom((shown) => <AchievementToast shown={shown} ids={ids} showing={showing} share={share} />, {
      id: ANNOUNCEMENT_ID,
      duration: ANNOUNCEMENT_MS,
    });
    setBurst((n) => n + 1);
    markSeen.mutate(unseen);
  }, [unseen, markSeen.mutate, share]);

  const celebrateBest = useCallback(() => {
    toast.success(sharedMessage('newPersonalBest'), { id: 'personal-best' });
    setBurst((n) => n + 1);
  }, []);
  useNewPersonalBest(celebrateBest);

  return burst > 0 ? <CelebrationBurst key={burst} onDone={() => setBurst(0)} /> : null;
}
