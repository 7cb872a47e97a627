import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { FEEDBACK_EMAIL, INSTANCE } from '../../config/instance';

const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/cookies', label: 'Cookie Policy' },
  { to: '/imprint', label: 'Imprint' },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white/90">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-700 sm:px-6 md:flex-row md:items-center md:justify-between">
        <p>
          © {new Date().getFullYear()} {INSTANCE.appName}
        </p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded hover:text-brand-800 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={`mailto:${FEEDBACK_EMAIL}?subject=${encodeURIComponent('Pushup Tracker feedback')}`}
          className="inline-flex items-center gap-2 rounded font-semibold text-brand-800 hover:underline"
        >
          <Mail className="size-4" aria-hidden="true" />
          Send feedback
        </a>
      </div>
    </footer>
  );
}
