import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { FEEDBACK_EMAIL, INSTANCE } from '@/config/instance';

const LEGAL_LINKS = [
  { to: '/terms', label: msg`Terms of Service` },
  { to: '/privacy', label: msg`Privacy Policy` },
  { to: '/cookies', label: msg`Cookie Policy` },
  { to: '/imprint', label: msg`Imprint` },
];

export function Footer() {
  const { t, i18n } = useLingui();
  const year = new Date().getFullYear();
  const appName = INSTANCE.appName;
  return (
    <footer className="border-t border-slate-200 bg-white/90">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-700 sm:px-6 md:flex-row md:items-center md:justify-between">
        <p>
          © {year} {appName}
        </p>
        <nav aria-label={t`Legal`}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded hover:text-brand-800 hover:underline">
                  {i18n._(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={`mailto:${FEEDBACK_EMAIL}?subject=${encodeURIComponent(t`Pushup Tracker feedback`)}`}
          className="inline-flex items-center gap-2 rounded font-semibold text-brand-800 hover:underline"
        >
          <Mail className="size-4" aria-hidden="true" />
          <Trans>Send feedback</Trans>
        </a>
      </div>
    </footer>
  );
}
