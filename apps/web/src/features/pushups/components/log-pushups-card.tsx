import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { localDate, PUSHUP_COUNT_MAX } from '@pushup/shared';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronDown, CloudOff, Dumbbell } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Calendar } from '@/components/calendar';
import { AvailableWhenOnline } from '@/components/query-state';
import { useKeepToastsClear } from '@/components/toaster';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { submitPushups, undoPushups } from '@/features/pushups/api/log-pushups';
import { failureMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { formatDay } from '@/lib/format-day';
import { sharedMessage } from '@/lib/i18n/catalog';
import { dateTimeFormat } from '@/lib/i18n/format';
import { useWaitingCount } from '@/lib/offline/use-outbox';
import { type DaysOffline, refreshPushupData } from '@/lib/pushup-queries';
import { scrollBehavior } from '@/lib/reduced-motion';
import { AnimatedNumber } from './animated-number';
import { useLogShortcut } from './log-shortcut';
import { PushupCounter } from './pushup-counter';

/** How long a submit's toast offers Undo (a success toast's 2 s is too short to reach it; decision 025). */
const UNDO_TOAST_MS = 6_000;

/** A back-dated set's day as its toast names it: 'Tuesday, Nov 24' (with the year when not this year's). */
function backDatedDay(day: string, today: string): string {
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return dateTimeFormat({
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(localDate(day));
}

/**
 * The counter, the back-dating calendar, 'Submit Pushups' and the running total.
 * @param offline Offline without the server's sums (lib/pushup-queries.ts): the total holds only this
 * device's waiting entries, a lower bound ('At least'), or there is none to show.
 */
export function LogPushupsCard({
  total,
  offline = null,
  today,
  after,
  countingAid,
}: {
  total: number | undefined;
  offline?: DaysOffline;
  today: string;
  after?: ReactNode;
  /** Another way to count, beside the quick adds (the camera counter); `fill` puts its count in. */
  countingAid?: (fill: (count: number) => void) => ReactNode;
}) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const { waiting } = useWaitingCount();
  const [count, setCount] = useState(0);
  const [day, setDay] = useState(today);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const calendarPanel = useRef<HTMLDivElement>(null);
  // An open calendar is what the person is doing: toasts step aside while it lies under them.
  useKeepToastsClear(calendarPanel, calendarOpen);
  // So is the counter with its Submit: a toast over them (an announcement as the page opens on a
  // phone) waits until the set is in and the page has moved them clear (errors never wait).
  const counter = useRef<HTMLDivElement>(null);
  const controls = useRef<HTMLDivElement>(null);
  useKeepToastsClear(counter);
  useKeepToastsClear(controls);
  const calendarId = useId();
  const reasonId = useId();
  // Opened from the installed app's 'Log pushups' shortcut: the count field takes the keyboard.
  useLogShortcut('pushup-count');
  // And the total the page scrolls clear of a toast: a second toast (the first entry's achievement)
  // stacks the two higher than the room left under it.
  const totalLine = useRef<HTMLParagraphElement>(null);
  useKeepToastsClear(totalLine);
  const queryClient = useQueryClient();
  const amount = total === undefined ? '–' : <AnimatedNumber value={total} />;
  const token = () => user.getIdToken().catch(() => null);

  const undo = useMutation({
    mutationFn: (logged: { uuid: string; count: number; day: string }) =>
      undoPushups(user.uid, token, logged.uuid),
    onSuccess: (_result, logged) => {
      // The undone set is back in the form, to change or to send again.
      setCount(logged.count);
      setDay(logged.day);
      toast.success(t`Undone: the entry is removed.`);
      void refreshPushupData(queryClient, user.uid);
    },
    onError: () => toast.error(sharedMessage('failedToDeletePushupEntry')),
  });

  const submit = useMutation({
    mutationFn: (sent: { count: number; day: string }) => submitPushups(user.uid, token, sent),
    onSuccess: (result, sent) => {
      const dayName = backDatedDay(sent.day, today);
      const message =
        result.state === 'sent'
          ? sent.day === today
            ? sharedMessage('pushupsSubmitted')
            : // A back-dated set names the day it went to, so a wrong day is seen at once.
              plural(sent.count, {
                one: `# pushup added to ${dayName}`,
                other: `# pushups added to ${dayName}`,
              })
          : // Kept in the outbox: sent when the server answers again.
            onlineManager.isOnline()
            ? t`Saved on this device. It will be sent as soon as the server can be reached.`
            : t`Saved on this device. It will be sent when you are back online.`;
      toast.success(
        (shown) => (
          <span className="flex items-center gap-3">
            <span>{message}</span>
            <button
              type="button"
              onClick={() => {
                toast.dismiss(shown.id);
                undo.mutate({ uuid: result.uuid, ...sent });
              }}
              className="-my-2 min-h-11 shrink-0 rounded-lg px-3 font-bold text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline"
            >
              <Trans>Undo</Trans>
            </button>
          </span>
        ),
        { duration: UNDO_TOAST_MS },
      );
      setCount(0);
      // The next set is today's unless the user picks another day again.
      setDay(today);
      // Toasts rise from the bottom of the screen: the button just pressed and the total stay clear.
      // After the render this answer brings (the new total, the first set's hint gone above): a
      // scroll that started before it ended where the old layout had put the line, off by the hint.
      requestAnimationFrame(() =>
        totalLine.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() }),
      );
    },
    onError: (error) => {
      toast.error(failureMessage(sharedMessage('failedToSubmitPushups'), error));
    },
  });

  return (
    <SectionCard
      id="log-pushups"
      title={t`Log Pushups`}
      icon={<Dumbbell className="size-5" />}
      // How the counter works, until the first set; someone who logs daily needs the room on a phone.
      description={total ? undefined : t`Tap or hold the buttons, or type a number.`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (count > 0 && !submit.isPending) submit.mutate({ count, day });
        }}
        className="flex flex-col items-center gap-4 sm:gap-5"
      >
        <div ref={counter}>
          <PushupCounter
            value={count}
            onChange={setCount}
            disabled={submit.isPending}
            besideQuickAdds={countingAid?.((counted) =>
              setCount(Math.min(PUSHUP_COUNT_MAX, Math.max(0, counted))),
            )}
          />
        </div>

        {/* The day beside Submit: on a phone the daily set fits the first screen (a returning user's
            hero above it). A back-dated day's longer name puts Submit on a line of its own. */}
        <div ref={controls} className="flex w-full flex-col items-center">
          <div className="flex w-full flex-wrap gap-2">
            <button
              type="button"
              aria-expanded={calendarOpen}
              aria-controls={calendarId}
              onClick={() => setCalendarOpen((open) => !open)}
              className="inline-flex min-h-12 shrink-0 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-100"
            >
              <CalendarDays className="size-4 text-brand-700" aria-hidden="true" />
              <span>
                <span className="sr-only">{t`Date:`} </span>
                {day === today ? t`Today` : formatDay(day, 'short')}
              </span>
              <ChevronDown
                className={`size-4 transition-transform ${calendarOpen ? 'rotate-180' : ''}`}
                aria-hidden="true"
              />
            </button>
            <Button
              type="submit"
              size="lg"
              className="min-w-40 flex-1"
              disabled={count === 0}
              // Why it cannot be pressed, said beside it (and read with it) while the count is 0.
              aria-describedby={count === 0 ? reasonId : undefined}
              loading={submit.isPending}
            >
              <Trans>Submit Pushups</Trans>
            </Button>
          </div>
          {count === 0 && (
            <p id={reasonId} className="mt-1.5 self-end text-right text-sm text-balance text-slate-600">
              <Trans>Enter how many pushups you did first.</Trans>
            </p>
          )}
          {calendarOpen && (
            <div
              ref={calendarPanel}
              id={calendarId}
              // On phones the panel takes the card's padding, so a day is 44 px wide, a touch target.
              className="mt-2 flex w-full flex-col items-center rounded-xl bg-slate-50 py-3 max-sm:-mx-5 max-sm:w-[calc(100%+2.5rem)] sm:px-3"
            >
              <Calendar
                label={t`Date of the entry`}
                value={day}
                today={today}
                onChange={(chosen) => {
                  setDay(chosen);
                  setCalendarOpen(false);
                }}
              />
              {day !== today && (
                <button
                  type="button"
                  onClick={() => {
                    setDay(today);
                    setCalendarOpen(false);
                  }}
                  className="mt-2 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  <Trans>Back to today</Trans>
                </button>
              )}
            </div>
          )}
          {day !== today && !calendarOpen && (
            <p className="mt-1 self-start text-xs text-slate-600">
              <Trans>Back-dated entries are logged at 12:00.</Trans>
            </p>
          )}
        </div>

        <p ref={totalLine} className="scroll-mb-44 text-center text-slate-700">
          <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <Trans>All-time total</Trans>
          </span>
          <span>
            {offline === 'unavailable' ? (
              <AvailableWhenOnline variant="inline" />
            ) : offline === 'device-only' ? (
              <Trans>
                At least <span className="text-2xl font-extrabold tabular-nums text-slate-900">{amount}</span>{' '}
                recorded
              </Trans>
            ) : (
              <Trans>
                <span className="text-2xl font-extrabold tabular-nums text-slate-900">{amount}</span> recorded
              </Trans>
            )}
          </span>
        </p>
        {waiting > 0 && (
          <p className="-mt-3 flex items-center gap-1.5 text-sm text-slate-600">
            <CloudOff className="size-4 text-amber-700" aria-hidden="true" />
            <Plural value={waiting} one="# entry waiting to sync" other="# entries waiting to sync" />
          </p>
        )}
      </form>
      {after}
    </SectionCard>
  );
}
