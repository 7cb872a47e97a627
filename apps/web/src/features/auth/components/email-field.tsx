import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { Field } from '@/components/ui/field';

/** The email field of the sign-in and the reset forms. */
export function EmailField({
  id,
  inputRef,
  value,
  onChange,
  error,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
}) {
  const { t } = useLingui();
  return (
    <Field
      id={id}
      label={t`Email`}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      ref={inputRef}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
