import { Copy } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { useCopyLink } from '@/features/groups/hooks/use-copy-link';
import { cn } from '@/lib/cn';

/**
 * A link in a read-only field with its Copy button. The field is what the copy falls back to
 * (focused and selected) when the Clipboard API is missing.
 */
export function LinkField({
  link,
  label,
  copyLabel,
  copiedMessage,
  describedBy,
  copyAtOnceMessage,
  children,
}: {
  link: string;
  /** The field's accessible name. */
  label: string;
  copyLabel: string;
  copiedMessage: string;
  describedBy?: string;
  /** Copy the link as soon as the field appears, with this toast (a link just made). */
  copyAtOnceMessage?: string;
  /** More buttons after Copy (Revoke). */
  children?: ReactNode;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const copy = useCopyLink(fieldRef);
  // Once, when the field first shows: the link is where the user's next step (sharing it) starts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the field's first render only
  useEffect(() => {
    if (!copyAtOnceMessage) return;
    fieldRef.current?.scrollIntoView({ block: 'nearest' });
    void copy(link, copyAtOnceMessage);
  }, []);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={fieldRef}
        readOnly
        value={link}
        aria-label={label}
        aria-describedby={describedBy}
        onFocus={(event) => event.currentTarget.select()}
        className={cn(inputClasses(), 'h-9 min-w-0 flex-1 basis-52 py-1.5 font-mono text-sm text-slate-700')}
      />
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={describedBy}
          onClick={() => void copy(link, copiedMessage)}
        >
          <Copy className="size-4" aria-hidden="true" />
          {copyLabel}
        </Button>
        {children}
      </div>
    </div>
  );
}
