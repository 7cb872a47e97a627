import { useLingui } from '@lingui/react/macro';
import { Check, Download, Link2, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { fetchSharePicture, type SharePictureTarget } from '@/features/share-cards/api/share-picture';

interface ShareButtonProps {
  target: SharePictureTarget;
  /** The address 'Copy link' copies and the share sheet carries with the picture. */
  link: string;
  /** What the share sheet names the picture by, and the preview's text alternative. */
  title: string;
  className?: string;
  /** Classes of the Share button itself (its wrapper holds the picture's panel too). */
  buttonClassName?: string;
}

type Offer = { file: File; url: string };

/**
 * The picture as a data: address, for its preview and 'Download image': the Content-Security-Policy
 * lets images come from the page's origin and data: only (docs/security.md), not from blob: ones.
 */
function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Whether the browser can hand this file to the device's share sheet (the Web Share API). */
function canShareFile(file: File): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/**
 * 'Share' for a share picture (docs/product.md, "Share pictures"): the device's share sheet with the
 * PNG where the browser can share files; elsewhere the picture with 'Download image' and 'Copy link'.
 */
export function ShareButton({ target, link, title, className, buttonClassName }: ShareButtonProps) {
  const { t } = useLingui();
  const panelId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function share() {
    if (offer) {
      setOffer(null);
      return;
    }
    setBusy(true);
    setFailed(false);
    setCopied(null);
    try {
      const file = await fetchSharePicture(target);
      if (canShareFile(file)) {
        try {
          await navigator.share({ files: [file], title, text: title, url: link });
        } catch (error) {
          // Closing the share sheet is no failure; anything else offers the other ways.
          if ((error as { name?: string } | null)?.name === 'AbortError') return;
          setOffer({ file, url: await dataUrlOf(file) });
        }
        return;
      }
      setOffer({ file, url: await dataUrlOf(file) });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <div className={className}>
      <Button
        variant="secondary"
        size="sm"
        className={buttonClassName}
        loading={busy}
        onClick={share}
        aria-expanded={offer ? true : undefined}
        aria-controls={offer ? panelId : undefined}
      >
        <Share2 className="size-4" aria-hidden="true" />
        {t`Share`}
      </Button>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t`The picture could not be made. Please try again.`}
        </p>
      ) : null}
      {offer ? (
        <div
          id={panelId}
          className="mt-3 w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
        >
          <img
            src={offer.url}
            alt={title}
            width={1200}
            height={630}
            className="h-auto w-full rounded-xl border border-slate-200"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={offer.url} download={offer.file.name} className={buttonClasses('primary', 'sm')}>
              <Download className="size-4" aria-hidden="true" />
              {t`Download image`}
            </a>
            <Button variant="secondary" size="sm" onClick={copyLink}>
              {copied === 'yes' ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Link2 className="size-4" aria-hidden="true" />
              )}
              {t`Copy link`}
            </Button>
          </div>
          <p role="status" className="mt-2 text-sm text-slate-600">
            {copied === 'yes' ? t`Link copied` : copied === 'no' ? t`The link could not be copied` : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}
