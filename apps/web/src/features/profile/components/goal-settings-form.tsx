import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { dayInZone, GOAL_DESCRIPTION_MAX_LENGTH, GOAL_MAX, GOAL_MIN, type UserProfile } from '@pushup/shared';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useUpdateGoal } from '@/features/profile/api/update-goal';
import { sharedMessage } from '@/lib/i18n/catalog';
import { userTimeZone } from '@/lib/i18n/format';
import {
  changedGoalFields,
  type GoalFormValues,
  remainingCharacters,
  savedDeadlinePassed,
  validateGoalForm,
  valuesFromProfile,
} from './goal-form-state';

/** Goal Settings: target count, target date and a short description; sends only what changed. */
export function GoalSettingsForm({ profile }: { profile: UserProfile }) {
  const { t } = useLingui();
  const saved = useMemo(() => valuesFromProfile(profile), [profile]);
  const [values, setValues] = useState<GoalFormValues>(saved);
  const mutation = useUpdateGoal();

  // A new saved profile (after a save or a refetch) becomes the form's starting point.
  useEffect(() => setValues(saved), [saved]);

  // The user's today in the zone the API is told (X-Timezone), so the form and the server agree.
  const today = dayInZone(new Date(), userTimeZone());
  const errors = validateGoalForm(values, saved, today);
  const deadlinePassed = savedDeadlinePassed(saved, today) && values.goalDeadline === saved.goalDeadline;
  const changes = changedGoalFields(saved, values);
  const hasChanges = Object.keys(changes).length > 0;
  const hasErrors = Boolean(errors.personalGoal || errors.goalDeadline || errors.goalDescription);
  const remaining = remainingCharacters(values.goalDescription);

  const set = (field: keyof GoalFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasChanges || hasErrors) return;
    mutation.mutate(changes, {
      onSuccess: () => toast.success(sharedMessage('goalUpdated')),
      onError: () => toast.error(sharedMessage('failedToUpdateGoal')),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="goal-target"
          label={t`Target pushups`}
          type="number"
          inputMode="numeric"
          min={GOAL_MIN}
          max={GOAL_MAX}
          step={1}
          placeholder={t`e.g. 10000`}
          value={values.personalGoal}
          onChange={set('personalGoal')}
          error={errors.personalGoal}
        />
        <Field
          id="goal-deadline"
          label={t`Target date`}
          type="date"
          min={today}
          value={values.goalDeadline}
          onChange={set('goalDeadline')}
          error={errors.goalDeadline}
          hint={deadlinePassed ? t`This deadline has passed. Choose a new one or clear it.` : undefined}
        />
      </div>
      <Field
        id="goal-description"
        label={t`Goal description`}
        maxLength={GOAL_DESCRIPTION_MAX_LENGTH}
        placeholder={t`e.g. 100 a day until summer`}
        value={values.goalDescription}
        onChange={set('goalDescription')}
        error={errors.goalDescription}
        hint={t`${plural(remaining, { one: '# character remaining', other: '# characters remaining' })}`}
      />
      <Button type="submit" disabled={!hasChanges || hasErrors} loading={mutation.isPending}>
        {mutation.isPending ? t`Updating...` : hasChanges ? t`Update Goal` : t`No Changes`}
      </Button>
    </form>
  );
}
