import { Trans, useLingui } from '@lingui/react/macro';
import { EARLIEST_DAY, localDate } from '@pushup/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormError } from '@/components/ui/field';
import { moveFailureText, useMoveEntry } from '@/features/log-history/api/move-entry';
import { isNotFound } from '@/features/log-history/api/update-entry';
import { formatEntryTime, localTimeOf, pushupsLabel } from '@/features/log-history/log-history-format';

/**
 * Moves an entry to another day or time: a day (from 2025-01-01 to today) and a time, both
 * prefilled with the entry's own. The server checks the new day (a future day, a day before
 * 2025-01-01, the daily limit); its refusal shows here, and the chosen day and time stay for
 * another try. Unchanged, Move just closes.
 */
export function MoveEntryDialog({
  open,
  onOpenChange,
  uuid,
  count,
  date,
  day,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uuid: string;
  count: number;
  /** The entry's instant (ISO). */
  date: string;
  /** The day the entry is listed under. */
  day: string;
  today: string;
}) {
  const { t } = useLingui();
  const move = useMoveEntry(day);
  const id = useId();
  const [newDay, setNewDay] = useState(day);
  const [newTime, setNewTime] = useState(() => localTimeOf(date));
  const [error, setError] = useState<string | null>(null);
  const time = formatEntryTime(date);
  const pushups = pushupsLabel(count);

  const reset = () => {
    setNewDay(day);
    setNewTime(localTimeOf(date));
    setError(null);
  };

  const close = (next: boolean) => {
    if (move.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    if (!newDay) {
      setError(t`Choose a day.`);
      return;
    }
    const [hours = 12, minutes = 0] = (newTime || '12:00').split(':').map(Number);
    const instant = localDate(newDay);
    instant.setHours(hours, minutes, 0, 0);
    if (Number.isNaN(instant.getTime())) {
      setError(t`Choose a day.`);
      return;
    }
    if (newDay === day && (newTime || '12:00') === localTimeOf(date)) {
      close(false);
      return;
    }
    setError(null);
    move.mutate(
      { uuid, count, date: instant.toISOString() },
      {
        onSuccess: () => onOpenChange(false),
        onError: (caught) => {
          // Gone meanwhile: the hook said so and dropped it; there is nothing left to move.
          if (isNotFound(caught)) onOpenChange(false);
          else setError(moveFailureText(caught));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t`Move this entry`}
      description={
        <Trans>
          Choose the day and time of the entry of{' '}
          <strong className="font-semibold text-slate-900">{pushups}</strong> at{' '}
          <strong className="font-semibold text-slate-900">{time}</strong>. Both days’ totals follow.
        </Trans>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
          <Field
            id={`${id}-day`}
            label={t`Day`}
            type="date"
            min={EARLIEST_DAY}
            max={today}
            required
            value={newDay}
            readOnly={move.isPending}
            onChange={(event) => {
              setNewDay(event.target.value);
              setError(null);
            }}
          />
          <Field
            id={`${id}-time`}
            label={t`Time`}
            type="time"
            value={newTime}
            readOnly={move.isPending}
            onChange={(event) => {
              setNewTime(event.target.value);
              setError(null);
            }}
          />
        </div>
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={move.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={move.isPending}>
            <Trans>Move</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
