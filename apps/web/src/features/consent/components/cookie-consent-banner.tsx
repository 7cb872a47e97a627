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
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h2 id={titleId} className="text-base font-bold text-slate-900">
              <Trans>We value your privacy</Trans>
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {/* Says what each button below does, so the choice is an informed one. */}
              <Trans>
                Essential cookies and local storage keep you signed in and remember your preferences; there is
                no tracking. &ldquo;Accept All Cookies&rdquo; also allows optional cookies, such as analytics,
                should they be added later; &ldquo;Accept Essential Only&rdquo; keeps them off.
              </Trans>{' '}
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={detailsId}
                onClick={() => setExpanded((value) => !value)}
                className="rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                {expanded ? <Trans>Show less</Trans> : <Trans>Learn more</Trans>}
              </button>
            </p>
            <div id={detailsId} hidden={!expanded} className="mt-3 text-sm text-slate-700">
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
                  Analytics cookies may be added in the future; we will ask for your consent before using
                  them. Details are in our{' '}
                  <Link to="/cookies" className="font-semibold text-brand-800 underline underline-offset-2">
                    Cookie Policy
                  </Link>
                  .
                </Trans>
              </p>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => choose(false)}>
            <Trans>Accept Essential Only</Trans>
          </Button>
          <Button onClick={() => choose(true)}>
            <Trans>Accept All Cookies</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
