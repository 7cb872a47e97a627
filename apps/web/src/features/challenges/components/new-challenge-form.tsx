import { Trans, useLingui } from '@lingui/react/macro';
import {
  addDays,
  CHALLENGE_KINDS,
  CHALLENGE_NAME_MAX,
  type ChallengeKind,
  type ChallengePage,
  localDay,
  MESSAGES,
  type MessageKey,
} from '@pushup/shared';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { useCreateChallenge } from '@/features/challenges/api/challenges';
import { kindLabel } from '@/features/challenges/challenge-texts';
import { isApiError } from '@/lib/api-client';

type FieldName = 'name' | 'target' | 'minPerDay' | 'startDay' | 'endDay';

/** Which field a refusal of the server belongs to, by its message (the shared MESSAGES). */
const FIELD_OF: Partial<Record<MessageKey, FieldName>> = {
  challengeNameInvalid: 'name',
  challengeTargetInvalid: 'target',
  challengeTargetMissing: 'target',
  challengeMinPerDayInvalid: 'minPerDay',
  challengeStartTooEarly: 'startDay',
  challengeEndBeforeStart: 'endDay',
  challengeTooLong: 'endDay',
};

function fieldOf(serverMessage: string | undefined): FieldName | null {
  if (!serverMessage) return null;
  const key = (Object.keys(FIELD_OF) as MessageKey[]).find((k) => MESSAGES[k] === serverMessage);
  return key ? (FIELD_OF[key] ?? null) : null;
}

/** A whole number typed, or what the server is to refuse (so that its message shows at the field). */
function numberOrText(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return (Number.isFinite(number) ? number : trimmed) as number;
}

/**
 * A new challenge: name, kind, N where it applies, start and end day, an optional minimum a day.
 * The server checks it all; its refusal shows at the field it concerns and keeps what was typed.
 */
export function NewChallengeForm({
  groupId,
  onCreated,
  onCancel,
}: {
  groupId: string;
  onCreated: (challenge: ChallengePage) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const today = localDay(new Date());
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ChallengeKind>('race');
  const [target, setTarget] = useState('');
  const [minPerDay, setMinPerDay] = useState('');
  const [startDay, setStartDay] = useState(today);
  const [endDay, setEndDay] = useState(addDays(today, 6));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateChallenge(groupId);
  const fields: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    target: useRef<HTMLInputElement>(null),
    minPerDay: useRef<HTMLInputElement>(null),
    startDay: useRef<HTMLInputElement>(null),
    endDay: useRef<HTMLInputElement>(null),
  };
  const submitButton = useRef<HTMLButtonElement>(null);

  // The form opens in place of the button that opened it: the keyboard goes on to its first field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => fields.name.current?.focus(), []);
  // A refusal takes the keyboard to the field it concerns (or back to the button, for the form's
  // own message), once the button is enabled again, so that nobody has to look for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  useEffect(() => {
    if (create.isPending) return;
    const field = (Object.keys(errors) as FieldName[])[0];
    if (field) fields[field].current?.focus();
    else if (formError) submitButton.current?.focus();
  }, [errors, formError, create.isPending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    create.mutate(
      {
        name,
        kind,
        target: kind === 'race' ? null : numberOrText(target),
        minPerDay: numberOrText(minPerDay),
        startDay,
        endDay,
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const field = isApiError(error) ? fieldOf(error.serverMessage) : null;
          if (field) setErrors({ [field]: error.message });
          else setFormError(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t`New challenge`}>
      <Field
        id={`${id}-name`}
        ref={fields.name}
        label={t`Name`}
        value={name}
        maxLength={CHALLENGE_NAME_MAX + 10}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">
          <Trans>Kind</Trans>
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {CHALLENGE_KINDS.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
                className="size-4 accent-brand-700"
              />
              {kindLabel(option, null)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind !== 'race' && (
        <Field
          id={`${id}-target`}
          ref={fields.target}
          label={t`N: push-ups to reach`}
          inputMode="numeric"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          error={errors.target}
          hint={kind === 'everyone' ? t`Each participant reaches N.` : t`The participants reach N together.`}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-start`}
          ref={fields.startDay}
          type="date"
          label={t`Start day`}
          value={startDay}
          onChange={(event) => setStartDay(event.target.value)}
          error={errors.startDay}
        />
        <Field
          id={`${id}-end`}
          ref={fields.endDay}
          type="date"
          label={t`End day`}
          value={endDay}
          onChange={(event) => setEndDay(event.target.value)}
          error={errors.endDay}
        />
      </div>
      <Field
        id={`${id}-min`}
        ref={fields.minPerDay}
        label={t`Minimum per day (optional)`}
        inputMode="numeric"
        value={minPerDay}
        onChange={(event) => setMinPerDay(event.target.value)}
        error={errors.minPerDay}
        hint={t`Days below it do not count.`}
      />
      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button ref={submitButton} type="submit" loading={create.isPending} className="min-h-11">
          <Trans>Create challenge</Trans>
        </Button>
        <Button variant="secondary" onClick={onCancel} className="min-h-11">
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
