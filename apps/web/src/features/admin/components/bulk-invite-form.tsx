import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { pastedLines, useInviteMany } from '@/features/admin/api/admin-invites';
import { localizeMessage } from '@/lib/i18n/catalog';

interface Outcome {
  added: number;
  already: number;
}

/**
 * Paste many addresses at once. Each line that is not an address is named at the field with why;
 * the good ones are invited, and the field keeps only the refused lines, so that nothing typed is
 * lost and the operator mends just those.
 */
export function BulkInviteForm() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<{ line: string; reason: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const invite = useInviteMany();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = pastedLines(text);
    setOutcome(null);
    setRefused([]);
    if (lines.length === 0) {
      setProblem(t`Paste at least one email address.`);
      return;
    }
    setProblem(null);
    invite.mutate(lines, {
      onSuccess: (result) => {
        setRefused(result.refused);
        setText(result.refused.map((line) => line.line).join('\n'));
        setOutcome({ added: result.added.length, already: result.alreadyInvited.length });
      },
      // The list stays as typed: the operator tries again or changes it.
      onError: (error) => setProblem(error.message),
    });
  };

  const errorIds = [problem ? 'bulk-invite-error' : null, refused.length > 0 ? 'bulk-invite-refused' : null];
  const describedBy = ['bulk-invite-hint', ...errorIds].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div>
        <label htmlFor="bulk-invite" className="mb-1.5 block text-sm font-semibold text-slate-800">
          <Trans>Email addresses to invite</Trans>
        </label>
        <textarea
          id="bulk-invite"
          rows={5}
          value={text}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={problem || refused.length > 0 ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses(Boolean(problem) || refused.length > 0)} font-mono text-sm`}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
        <p id="bulk-invite-hint" className="mt-1.5 text-sm text-slate-600">
          <Trans>One address per line, or separated by commas or spaces.</Trans>
        </p>
        {problem && (
          <p id="bulk-invite-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        {refused.length > 0 && (
          <div id="bulk-invite-refused" role="alert" className="mt-1.5 text-sm text-red-700">
            <p className="font-medium">
              {t`${plural(refused.length, {
                one: 'This line was not invited; it is left in the field:',
                other: 'These # lines were not invited; they are left in the field:',
              })}`}
            </p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {refused.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a line may be refused twice (repeated in the list)
                <li key={index} className="break-all">
                  <span className="font-mono font-semibold">{line.line}</span>: {localizeMessage(line.reason)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {outcome && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {t`${plural(outcome.added, { one: '# address invited.', other: '# addresses invited.' })}`}{' '}
          {outcome.already > 0 &&
            t`${plural(outcome.already, { one: '# was invited already.', other: '# were invited already.' })}`}
        </p>
      )}
      <Button type="submit" loading={invite.isPending}>
        <Trans>Invite</Trans>
      </Button>
    </form>
  );
}
