import { Loader2 } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * A button that stays focusable while its action runs: busy is aria-disabled (a disabled button
 * would drop the keyboard focus to the page), the icon turns into a spinner and clicks are ignored
 * (also while `aria-disabled`, e.g. when the row's other action runs).
 */
export function BusyButton({
  busy,
  icon,
  children,
  onClick,
  className,
  'aria-disabled': ariaDisabled,
  ...props
}: Omit<ButtonProps, 'loading'> & { busy: boolean; icon: ReactNode }) {
  const inert = busy || ariaDisabled === true || ariaDisabled === 'true';
  return (
    <Button
      {...props}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      className={cn('aria-disabled:cursor-not-allowed aria-disabled:opacity-60', className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (inert) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy ? (
        <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        icon
      )}
      {children}
    </Button>
  );
}
