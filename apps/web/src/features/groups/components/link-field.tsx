import { Trans } from '@lingui/react/macro';
import { Copy, QrCode, Share } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { useCopyLink } from '@/features/groups/hooks/use-copy-link';
import { cn } from '@/lib/cn';
import { QrCodeDialog } from './qr-code-dialog';

/** Whether the browser has a native share sheet (Web Share: phones, Windows, macOS; not Linux). */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * A link in a read-only field with its Copy button. The field is what the copy falls back to
 * (focused and selected) when the Clipboard API is missing. With `share`, also Share (the device's
 * own share sheet, only where the browser has one) and QR code (a dialog to scan in the same room).
 */
export function LinkField({
  link,
  label,
  copyLabel,
  copiedMessage,
  describedBy,
  copyAtOnceMessage,
  share,
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
  /**
   * Share and QR code: what the share sheet's message says, the QR dialog's title, and the QR
   * button's accessible name, which says whose code it is (a page lists several links).
   */
  share?: { text: string; qrTitle: string; qrLabel: string };
  /** More buttons after Copy (Revoke). */
  children?: ReactNode;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const copy = useCopyLink(fieldRef);
  const [qrOpen, setQrOpen] = useState(false);
  const shareSheet = () => {
    navigator.share({ text: share?.text, url: link }).catch((error: unknown) => {
      // Closing the sheet without choosing is not a failure; a sheet that cannot open falls back to Copy.
      if (!(error instanceof DOMException && error.name === 'AbortError')) void copy(link, copiedMessage);
    });
  };
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
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={describedBy}
          onClick={() => void copy(link, copiedMessage)}
        >
          <Copy className="size-4" aria-hidden="true" />
          {copyLabel}
        </Button>
        {share && canShare() && (
          <Button variant="secondary" size="sm" aria-describedby={describedBy} onClick={shareSheet}>
            <Share className="size-4" aria-hidden="true" />
            <Trans>Share</Trans>
          </Button>
        )}
        {share && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={share.qrLabel}
            aria-describedby={describedBy}
            onClick={() => setQrOpen(true)}
          >
            <QrCode className="size-4" aria-hidden="true" />
            <Trans>QR code</Trans>
          </Button>
        )}
        {children}
      </div>
      {share && <QrCodeDialog open={qrOpen} onOpenChange={setQrOpen} link={link} title={share.qrTitle} />}
    </div>
  );
}
