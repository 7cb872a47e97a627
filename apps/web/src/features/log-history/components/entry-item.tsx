import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DELETE_ANIMATION_MS, PUSHUP_COUNT_MAX, PUSHUP_COUNT_MIN } from '@pushup/shared';
import { CalendarClock, CircleAlert, CloudOff, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { useDeleteEntry } from '@/features/log-history/api/delete-entry';
import { isNotFound, useUpdateEntry } from '@/features/log-history/api/update-entry';
import { formatEntryTime, parseEditCount, pushupsLabel } from '@/features/log-history/log-history-format';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/i18n/format';
import type { DayEntry } from '@/lib/offline/use-outbox';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { MoveEntryDialog } from './move-entry-dialog';

/**
 * One entry of the chosen day: its time and count, with inline Edit (Save, Cancel; Enter saves,
 * Escape cancels) and Delete behind a confirmation. A confirmed delete fades the entry out, and the
 * call follows after DELETE_ANIMATION_MS; if it fails, the entry fades back. An entry still on
 * this device says so: waiting to sync, or refused by the server with its reason, to fix (Edit)
 * or discard (docs/product.md, "Offline").
 */
export function EntryItem({
  entry,
  day,
  today,
  onDeleted,
}: {
  entry: DayEntry;
  day: string;
  today: string;
  /** Called after a successful delete, while this item leaves the list (to move focus). */
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const time = formatEntryTime(entry.date);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [badInput, setBadInput] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const update = useUpdateEntry(day);
  const remove = useDeleteEntry(day);
  const deleting = remove.isPending;
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    if (deleting) return;
    setValue(String(entry.count));
    setBadInput(false);
    setError(null);
    setEditing(true);
  };

  const cancel = () => {
    if (update.isPending) return;
    setEditing(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = parseEditCount(value, badInput);
    if (!parsed.ok) {
      setError(parsed.message);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    if (parsed.count === entry.count) {
      setEditing(false);
      return;
    }
    update.mutate(
      { uuid: entry.uuid, count: parsed.count, date: entry.date, local: entry.sync !== undefined },
      {
        onSuccess: () => setEditing(false),
        onError: (caught) => {
          // The typed value stays for another try, unless the entry no longer exists.
          if (isNotFound(caught)) setEditing(false);
          else inputRef.current?.focus();
        },
      },
    );
  };

  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate(
      { uuid: entry.uuid, local: entry.sync !== undefined },
      {
        onSuccess: onDeleted,
        onError: () => deleteButtonRef.current?.focus(),
      },
    );
  };

  const pushups = pushupsLabel(entry.count);
  const count = entry.count;
  const countShown = formatNumber(count);
  const refused = entry.sync === 'refused';
  const removeLabel = refused ? t`Discard` : t`Delete`;
  const removeEntryLabel = refused
    ? t`Discard entry of ${time}, ${pushups}`
    : t`Delete entry of ${time}, ${pushups}`;
  const refusal = entry.refusal;
  // Only an entry the server holds moves: one still on this device is sent with its own day.
  const movable = entry.sync === undefined;

  return (
    <li
      aria-busy={deleting || undefined}
      style={{ transitionDuration: `${DELETE_ANIMATION_MS}ms` }}
      className={cn(
        'transition-opacity ease-out motion-reduce:transition-none',
        deleting ? 'opacity-0' : 'opacity-100',
      )}
    >
      {editing ? (
        <form
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              cancel();
            }
          }}
          noValidate
          className="py-3"
        >
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <label htmlFor={inputId} className="w-20 shrink-0 font-semibold text-slate-900 tabular-nums">
              <span className="sr-only">{t`Pushup count of entry of`} </span>
              <time dateTime={entry.date}>{time}</time>
            </label>
            <div className="flex items-center gap-2">
              <input
                ref={inputRef}
                id={inputId}
                type="number"
                inputMode="numeric"
                min={PUSHUP_COUNT_MIN}
                max={PUSHUP_COUNT_MAX}
                step={1}
                value={value}
                // Read-only rather than disabled while saving, so the keyboard stays in the input.
                readOnly={update.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setValue(event.target.value);
                  setBadInput(event.target.validity.badInput);
                  setError(null);
                }}
                className={cn(
                  'block h-9 w-24 rounded-lg border bg-white px-3 text-base text-slate-900 tabular-nums shadow-sm sm:w-28',
                  'read-only:bg-slate-50',
                  error ? 'border-red-600' : 'border-slate-300 hover:border-slate-400',
                )}
              />
              <Button
                type="submit"
                size="sm"
                loading={update.isPending}
                aria-label={t`Save entry of ${time}, ${pushups}`}
              >
                <Trans>Save</Trans>
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={cancel}
                disabled={update.isPending}
                aria-label={t`Cancel editing entry of ${time}, ${pushups}`}
              >
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 sm:pl-24">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className="py-3">
          <div className="flex items-center gap-3 sm:gap-4">
            {/* On a phone the time sits above the count, leaving the row's width to the actions. */}
            <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-4">
              <time
                dateTime={entry.date}
                className="shrink-0 text-sm text-slate-600 tabular-nums sm:w-20 sm:text-base sm:font-semibold sm:text-slate-900"
              >
                {time}
              </time>
              {/* The mark wraps under the count on a phone instead of widening the row. */}
              <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                <p className="whitespace-nowrap text-slate-700">
                  <Trans>
                    <span className="text-lg font-bold text-slate-900 tabular-nums">{countShown}</span>{' '}
                    <Plural value={count} one="pushup" other="pushups" />
                  </Trans>
                </p>
                {/* A plan's workout shows its sets: '12 · 10 · 8 · 8 · 15'. */}
                {entry.sets && entry.sets.length > 0 && (
                  <p className="text-sm whitespace-nowrap text-slate-600 tabular-nums">
                    <span className="sr-only">{t`Sets:`} </span>
                    {entry.sets.map((reps) => formatNumber(reps)).join(' · ')}
                  </p>
                )}
                {entry.sync === 'waiting' && (
                  <StatusBadge tone="amber" icon={<CloudOff className="size-3.5" />}>
                    {t`Waiting to sync`}
                  </StatusBadge>
                )}
                {refused && (
                  <StatusBadge tone="red" icon={<CircleAlert className="size-3.5" />}>
                    {t`Not saved`}
                  </StatusBadge>
                )}
              </div>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button
                ref={editButtonRef}
                variant="ghost"
                size="sm"
                onClick={startEditing}
                aria-disabled={deleting || undefined}
                aria-label={t`Edit entry of ${time}, ${pushups}`}
                className="px-2.5 sm:px-3"
              >
                <Pencil className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">
                  <Trans>Edit</Trans>
                </span>
              </Button>
              {movable && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => !deleting && setMoving(true)}
                  aria-disabled={deleting || undefined}
                  aria-label={t`Move entry of ${time}, ${pushups}`}
                  className="px-2.5 sm:px-3"
                >
                  <CalendarClock className="size-4" aria-hidden="true" />
                  <span className="hidden sm:inline">
                    <Trans>Move</Trans>
                  </span>
                </Button>
              )}
              <Button
                ref={deleteButtonRef}
                variant="ghost"
                size="sm"
                onClick={() => !deleting && setConfirming(true)}
                aria-disabled={deleting || undefined}
                aria-label={removeEntryLabel}
                className="px-2.5 text-red-700 hover:bg-red-50 active:bg-red-100 sm:px-3"
              >
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">{removeLabel}</span>
              </Button>
            </div>
          </div>
          {refused && (
            <p className="mt-1 text-sm text-red-800 sm:pl-24">
              <Trans>The server refused it: {refusal}. Change the count, or discard it.</Trans>
            </p>
          )}
        </div>
      )}
      {movable && moving && (
        <MoveEntryDialog
          open
          onOpenChange={setMoving}
          uuid={entry.uuid}
          count={entry.count}
          date={entry.date}
          day={day}
          today={today}
        />
      )}
      <DeleteEntryDialog
        open={confirming}
        onOpenChange={setConfirming}
        time={time}
        count={entry.count}
        discard={refused}
        onConfirm={confirmDelete}
      />
    </li>
  );
}
