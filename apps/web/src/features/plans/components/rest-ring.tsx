import { Trans, useLingui } from '@lingui/react/macro';
import { SkipForward, TimerReset } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useNow } from '@/features/plans/hooks/use-now';
import { soundRestAlarm } from '@/features/plans/rest-alarm';
import {
  extendRest,
  formatClock,
  REST_EXTRA_SECONDS,
  type Rest,
  restFractionLeft,
  restOver,
  restSecondsLeft,
  skipRest,
} from '@/features/plans/rest-timer';

const RADIUS = 54;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The rest between sets: a ring that empties as the time runs out, the time left, Skip and +30 s.
 * The time left is read from the rest's end timestamp on every tick and when the page returns from
 * the background. At the end a beep and a vibration (where allowed), and one announcement for screen
 * readers (the seconds themselves are not announced). `onEnd` runs once, when the rest is over.
 */
export function RestRing({
  rest,
  nextLabel,
  onChange,
  onEnd,
}: {
  rest: Rest;
  /** What comes next ('Set 3 of 5: 12'). */
  nextLabel: string;
  onChange: (rest: Rest) => void;
  onEnd: (skipped: boolean) => void;
}) {
  const { t } = useLingui();
  const now = useNow(true);
  const over = restOver(rest, now);
  const ended = useRef(false);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (!over || ended.current) return;
    ended.current = true;
    soundRestAlarm();
    onEndRef.current(false);
  }, [over]);
  const seconds = restSecondsLeft(rest, now);
  const offset = CIRCUMFERENCE * (1 - restFractionLeft(rest, now));
  const clock = formatClock(seconds);
  return (
    <div className="flex flex-col items-center gap-5">
      <p className="text-lg font-bold text-slate-900">
        <Trans>Rest</Trans>
      </p>
      <div className="relative size-60">
        <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="8" className="stroke-slate-200" />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="8"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={offset}
            className="stroke-brand-600 transition-[stroke-dashoffset] duration-200 ease-linear motion-reduce:transition-none"
          />
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center">
          <span
            role="timer"
            aria-label={t`Rest left`}
            className="text-6xl font-extrabold tabular-nums text-slate-900"
          >
            {clock}
          </span>
        </div>
      </div>
      <p className="text-center text-base text-slate-700">
        <Trans>Next: {nextLabel}</Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button
          variant="secondary"
          size="lg"
          className="min-w-32"
          onClick={() => onChange(extendRest(rest, Date.now()))}
        >
          <TimerReset className="size-5" aria-hidden="true" />
          <Trans>+{REST_EXTRA_SECONDS} s</Trans>
        </Button>
        <Button
          size="lg"
          className="min-w-32"
          onClick={() => {
            ended.current = true;
            onChange(skipRest(rest, Date.now()));
            onEnd(true);
          }}
        >
          <SkipForward className="size-5" aria-hidden="true" />
          <Trans>Skip rest</Trans>
        </Button>
      </div>
    </div>
  );
}
