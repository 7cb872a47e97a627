import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';

/** The name to type, set off like a key to press (as the profile's account deletion shows 'confirm'). */
const NAME_TO_TYPE =
  'mx-0.5 rounded-md border border-red-300 bg-red-50 px-1.5 py-0.5 font-mono text-sm font-bold break-all text-red-900';

/**
 * A deletion confirmed by typing what is deleted (a username, a group's name), as the profile's
 * 'Delete Account' is confirmed by typing 'confirm': the button works only with the name typed,
 * a mismatch or the server's refusal is said at the field, and what was typed stays.
 */
export function TypeNameDialog({
  open,
  onOpenChange,
  title,
  description,
  name,
  fieldLabel,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** What must be typed, exactly. */
  name: string;
  /** The field's label: says to type `name` (shown in it by `NameToType`). */
  fieldLabel: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** Runs the deletion; resolves with an error text to show at the field, or null when done. */
  onConfirm: () => Promise<string | null>;
}) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== name) {
      setError(t`Type “${name}” exactly as shown to confirm.`);
      return;
    }
    const failed = await onConfirm();
    setError(failed);
    if (!failed) change(false);
  };

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <Field
          id="type-name-confirmation"
          label={fieldLabel}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The name inside a field's label, set off as the text to type. */
export function NameToType({ children }: { children: string }) {
  return <kbd className={NAME_TO_TYPE}>{children}</kbd>;
}
