import { Trans, useLingui } from '@lingui/react/macro';
import type { ReminderSettings } from '@pushup/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import {
  addReminderDevice,
  remindersQueryOptions,
  removeReminderDevice,
  sendTestReminder,
  useReminders,
  useSaveReminders,
} from '@/features/reminders/api/reminders';
import {
  forgetDevice,
  pushSupport,
  rememberDevice,
  rememberedDevice,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '@/features/reminders/push-device';
import { reminderTexts } from '@/features/reminders/reminder-texts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';
import { dateTimeFormat, userTimeZone } from '@/lib/i18n/format';

/** Sunday first, as the weeks of the app run; named in the app's language (call at render). */
function weekdayNames() {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    // 2023-01-01 was a Sunday.
    const date = new Date(Date.UTC(2023, 0, 1 + day));
    const format = (weekday: 'short' | 'long') => dateTimeFormat({ weekday, timeZone: 'UTC' }).format(date);
    return { day, short: format('short'), long: format('long') };
  });
}

function ReminderForm({ settings }: { settings: ReminderSettings }) {
  const { t } = useLingui();
  const texts = reminderTexts();
  const zone = userTimeZone();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const save = useSaveReminders();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [time, setTime] = useState(settings.time);
  const [weekdays, setWeekdays] = useState<number[]>(settings.weekdays);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'device' | 'test' | null>(null);
  const [thisDevice, setThisDevice] = useState(() => rememberedDevice(user.uid));
  const ids = { time: useId(), days: useId(), error: useId() };
  const support = pushSupport();
  const canPush = settings.vapidPublicKey !== null && support === 'supported';

  const refresh = () => queryClient.invalidateQueries({ queryKey: remindersQueryOptions(user.uid).queryKey });

  /** This browser as a reminded device: subscribed through its service worker, known to the server. */
  const addThisDevice = async () => {
    if (!settings.vapidPublicKey) throw new Error(sharedMessage('remindersUnavailable'));
    const { deviceId } = await addReminderDevice(await subscribeThisBrowser(settings.vapidPublicKey));
    rememberDevice(user.uid, deviceId);
    setThisDevice(deviceId);
  };

  const run = async (kind: 'save' | 'device' | 'test', work: () => Promise<void>, fallback: string) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (caught) {
      // A refusal or a browser's own failure says why; anything else gets our sentence.
      setError(caught instanceof Error && caught.message ? caught.message : fallback);
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (enabled && weekdays.length === 0) {
      setError(texts.pickADay);
      return;
    }
    void run(
      'save',
      async () => {
        if (enabled && !thisDevice && canPush) await addThisDevice();
        await save.mutateAsync({ enabled, time, weekdays: [...weekdays].sort() });
        toast.success(enabled ? texts.saved(time) : texts.turnedOff);
      },
      texts.saveFailed,
    );
  };

  const toggleDevice = () =>
    void run(
      'device',
      async () => {
        if (thisDevice) {
          await removeReminderDevice(thisDevice).catch((caught: unknown) => {
            // Gone from the server already (removed as expired, say): forgetting it here is all that is left.
            if (!isApiError(caught) || caught.status !== 404) throw caught;
          });
          await unsubscribeThisBrowser();
          forgetDevice(user.uid);
          setThisDevice(null);
          toast.success(texts.deviceRemoved);
        } else {
          await addThisDevice();
          toast.success(texts.deviceAdded);
        }
        await refresh();
      },
      texts.deviceFailed,
    );

  const test = () =>
    void run(
      'test',
      async () => {
        await sendTestReminder();
        toast.success(texts.testSent);
      },
      texts.testFailed,
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? ids.error : undefined}>
      {settings.vapidPublicKey === null && (
        <p className="mb-3 text-sm text-slate-700">{sharedMessage('remindersUnavailable')}</p>
      )}
      {support === 'unsupported' && <p className="mb-3 text-sm text-slate-700">{texts.unsupported}</p>}
      {support === 'denied' && <p className="mb-3 text-sm text-slate-700">{texts.blocked}</p>}

      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          className="size-5 rounded border-slate-300 accent-brand-700"
        />
        <span className="font-semibold text-slate-900">
          <Trans>Remind me when I have not logged yet</Trans>
        </span>
      </label>

      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={ids.time} className="block text-sm font-semibold text-slate-900">
            <Trans>At</Trans>
          </label>
          <input
            id={ids.time}
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
            className="mt-1 block h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm hover:border-slate-400"
          />
        </div>
        <p className="pb-2.5 text-sm text-slate-600">
          <Trans>in your time zone, {zone}</Trans>
        </p>
      </div>

      <fieldset className="mt-4">
        <legend id={ids.days} className="text-sm font-semibold text-slate-900">
          <Trans>On</Trans>
        </legend>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {weekdayNames().map(({ day, short, long }) => {
            const on = weekdays.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                aria-label={long}
                onClick={() => setWeekdays((days) => (on ? days.filter((d) => d !== day) : [...days, day]))}
                className={cn(
                  'h-10 min-w-12 rounded-xl px-2 text-sm font-semibold ring-1 ring-inset transition-colors',
                  // While the reminder is off a chosen day is kept, but does not look switched on.
                  on && enabled && 'bg-brand-700 text-white ring-brand-700',
                  on && !enabled && 'bg-brand-50 text-brand-900 ring-brand-300 hover:bg-brand-100',
                  !on && 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {short}
              </button>
            );
          })}
        </div>
      </fieldset>

      <p className="mt-4 text-sm text-slate-600">
        {thisDevice ? texts.thisDeviceOn : texts.thisDeviceOff} {texts.devices(settings.devices)}
      </p>

      {error && (
        <p id={ids.error} role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" loading={busy === 'save'} disabled={busy !== null}>
          <Trans>Save reminder</Trans>
        </Button>
        {canPush && (
          <Button
            variant="secondary"
            onClick={toggleDevice}
            loading={busy === 'device'}
            disabled={busy !== null}
          >
            {thisDevice ? t`Stop reminding this device` : t`Remind this device`}
          </Button>
        )}
        <Button
          variant="ghost"
          onClick={test}
          loading={busy === 'test'}
          disabled={busy !== null || settings.devices === 0}
        >
          <Trans>Send a test reminder</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The daily reminder (docs/product.md, "Reminders"): on or off, a local time, weekdays, and this device. */
export function ReminderSettingsCard() {
  const { t } = useLingui();
  const reminders = useReminders();
  return (
    <SectionCard
      id="reminders"
      title={t`Daily reminder`}
      icon={<Bell className="size-5" />}
      description={t`A nudge on your phone or computer when you have not logged by a time you choose.`}
    >
      <QueryState
        query={reminders}
        loading={sharedMessage('loading')}
        failure={sharedMessage('failedToLoadData')}
      >
        {(settings) => <ReminderForm settings={settings} />}
      </QueryState>
    </SectionCard>
  );
}
