import { Trans, useLingui } from '@lingui/react/macro';
import { localDay } from '@pushup/shared';
import { Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { promptInstall, useInstallWay } from '@/features/install-prompt/install-event';
import { isGoodMomentToOffer } from '@/features/install-prompt/install-moment';
import { readNotNow, rememberNotNow } from '@/features/install-prompt/not-now';
import { useDailyTotals } from '@/lib/pushup-queries';

/**
 * Whether a set was logged while this part is on screen: today's sum rose above the first one seen
 * (an entry counts in at once, waiting on the device or sent), and how many days have entries.
 */
function useLoggedNow(today: string) {
  const { data } = useDailyTotals();
  const todayTotal = data?.find((day) => day.day === today)?.total ?? 0;
  const [first, setFirst] = useState<number | null>(null);
  if (data !== undefined && first === null) setFirst(todayTotal);
  return {
    justLogged: first !== null && todayTotal > first,
    daysLogged: data?.filter((day) => day.total > 0).length ?? 0,
  };
}

/**
 * 'Install the app', offered under the counter right after a set once the person has logged on two
 * days (install-moment.ts): Install opens the browser's own dialog; on an iPhone, where there is none,
 * it says how to add the app to the home screen. 'Not now' keeps it away for a month on this device.
 */
export function InstallOffer() {
  const { t } = useLingui();
  const titleId = useId();
  const today = localDay(new Date());
  const way = useInstallWay();
  const { justLogged, daysLogged } = useLoggedNow(today);
  const [notNowOn] = useState(readNotNow);
  // Once offered it stays until answered: a refetch of the sums must not take it away mid-read.
  const [offered, setOffered] = useState(false);
  const [answered, setAnswered] = useState(false);
  if (!offered && isGoodMomentToOffer({ way, daysLogged, justLogged, notNowOn, today })) setOffered(true);
  if (!offered || answered || way === null) return null;

  const notNow = () => {
    rememberNotNow(today);
    setAnswered(true);
  };
  return (
    <section
      aria-labelledby={titleId}
      className="mt-5 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <Smartphone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="font-bold text-slate-900">
          {way === 'prompt' ? t`Install the app` : t`Add the app to your home screen`}
        </h3>
        <p className="mt-0.5 text-sm text-slate-700">
          {way === 'prompt' ? (
            <Trans>Log from your home screen in one tap, even offline.</Trans>
          ) : (
            <Trans>
              Tap Share, then Add to Home Screen: the app opens from there in one tap, even offline.
            </Trans>
          )}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {way === 'prompt' && (
            <Button
              size="sm"
              onClick={() => {
                setAnswered(true);
                // Installed or declined in the browser's dialog: either way the offer is done for this
                // page; declined there, it waits as long as after 'Not now'.
                void promptInstall().then((outcome) => {
                  if (outcome === 'dismissed') rememberNotNow(today);
                });
              }}
            >
              <Trans>Install</Trans>
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={notNow}>
            {way === 'prompt' ? <Trans>Not now</Trans> : <Trans>Got it</Trans>}
          </Button>
        </div>
      </div>
    </section>
  );
}
