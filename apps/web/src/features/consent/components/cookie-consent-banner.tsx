import { Trans } from '@lingui/react/macro';
import { Cookie } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buildConsent, hasGivenConsent, saveConsent } from '@/features/consent/api/consent-storage';

/** Fixed at the bottom of every page until the visitor chooses (docs/product.md, "Screens" and "Data"). */
export function CookieConsentBanner() {
  const [visible, setVisible] = useState(() => !hasGivenConsent());
  const [expanded, setExpanded] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const detailsId = useId();

  // Keep the page's end reachable above the banner.
  useEffect(() => {
    const element = ref.current;
    if (!visible || !element) return;
    const update = () => {
      document.body.style.paddingBottom = `${element.offsetHeight}px`;
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [visible]);

  if (!visible) return null;

  const choose = (acceptAll: boolean) => {
    saveConsent(buildConsent(acceptAll));
    setVisible(false);
  };

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className="consent-banner fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-8px_30px_-12px_rgb(15_23_42/0.25)]"
    >
      {/* Compact: the app does no tracking, so the banner never takes half a phone's screen. */}
      <div className="mx-auto flex max-h-[70dvh] max-w-6xl flex-col gap-3 overflow-y-auto px-4 py-3 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:gap-6">
        <div className="min-w-0">
          <h2 id={titleId} className="flex items-center gap-2 text-sm font-bold text-slate-900 sm:text-base">
            <Cookie className="size-4 shrink-0 text-brand-700 sm:size-5" aria-hidden="true" />
            <Trans>We value your privacy</Trans>
          </h2>
          <p className="mt-1 text-xs text-slate-700 sm:text-sm">
            {/* Says what each button below does, so the choice is an informed one. */}
            <Trans>
              No tracking: essential storage keeps you signed in and remembers your preferences. &ldquo;Accept
              All Cookies&rdquo; also allows optional cookies, should any be added later; &ldquo;Accept
              Essential Only&rdquo; keeps them off.
            </Trans>{' '}
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={() => setExpanded((value) => !value)}
              className="inline-flex min-h-6 items-center rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {expanded ? <Trans>Show less</Trans> : <Trans>Learn more</Trans>}
            </button>
          </p>
          <div id={detailsId} hidden={!expanded} className="mt-2 text-xs text-slate-700 sm:text-sm">
            <h3 className="font-semibold text-slate-900">
              <Trans>Essential cookies</Trans>
            </h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              <li>
                <Trans>
                  <strong>Authentication:</strong> keeps you logged in.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Session persistence:</strong> remembers your preferences.
                </Trans>
              </li>
            </ul>
            <p className="mt-2">
              <Trans>
                Analytics cookies may be added in the future; we will ask for your consent before using them.
                Details are in our{' '}
                <Link to="/cookies" className="font-semibold text-brand-800 underline underline-offset-2">
                  Cookie Policy
                </Link>
                .
              </Trans>
            </p>
          </div>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 lg:flex">
          <Button
            size="sm"
            variant="secondary"
            className="h-auto min-h-9 py-1.5"
            onClick={() => choose(false)}
          >
            <Trans>Accept Essential Only</Trans>
          </Button>
          <Button size="sm" className="h-auto min-h-9 py-1.5" onClick={() => choose(true)}>
            <Trans>Accept All Cookies</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
