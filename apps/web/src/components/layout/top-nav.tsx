import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useNavCount } from '@/lib/nav-counts';
import { useOperatorMenu } from '@/lib/operator-menu';
import { useMediaQuery } from '@/lib/use-media-query';
import { BrandLink } from './brand';
import { PreferencesMenu } from './preferences-menu';

const NAV_LINKS = [
  { to: '/', label: msg`Dashboard`, end: true },
  { to: '/plan', label: msg`Plan`, end: false },
  { to: '/log-history', label: msg`Log History`, end: false },
  { to: '/groups', label: msg`Group Management`, end: false },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The join requests waiting for an admin, beside 'Group Management' (lib/nav-counts.ts). */
function NavCount({ to }: { to: string }) {
  const count = useNavCount(to);
  const { t } = useLingui();
  if (count <= 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-700 px-1.5 text-xs font-bold text-white tabular-nums">
      {count}
      <span className="sr-only">
        {' '}
        {t`${plural(count, { one: 'join request waiting', other: 'join requests waiting' })}`}
      </span>
    </span>
  );
}

// The dropdown (Radix and its positioning code) loads only for signed-in users, not on /login, and
// only on a screen wide enough to show it: a phone has the menu button's panel instead, and would
// spend its first seconds loading and rendering a menu it hides.
const WIDE_SCREEN = '(min-width: 48rem)';
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export function TopNav({ onSignOut }: { onSignOut: () => void }) {
  const { user } = useAuth();
  const { t, i18n } = useLingui();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const email = user?.email;
  const groupsWaiting = useNavCount('/groups');
  const operator = useOperatorMenu();
  const wide = useMediaQuery(WIDE_SCREEN);

  // Close the mobile menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        {user ? (
          <>
            <nav aria-label={t`Main`} className="hidden md:block">
              <ul className="flex items-center gap-1">
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={navLinkClass}>
                      {i18n._(link.label)}
                      <NavCount to={link.to} />
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex items-center gap-1 md:gap-2">
              <PreferencesMenu />
              <div className="hidden md:block">
                {wide && (
                  <Suspense fallback={<span className="block size-11" />}>
                    <UserMenu onSignOut={onSignOut} />
                  </Suspense>
                )}
              </div>
              <button
                type="button"
                className="relative flex size-11 items-center justify-center rounded-xl text-slate-800 hover:bg-slate-100 md:hidden"
                aria-label={mobileOpen ? t`Close menu` : t`Open menu`}
                aria-expanded={mobileOpen}
                aria-controls="mobile-menu"
                onClick={() => setMobileOpen((open) => !open)}
              >
                {mobileOpen ? (
                  <X className="size-6" aria-hidden="true" />
                ) : (
                  <Menu className="size-6" aria-hidden="true" />
                )}
                {/* The menu holds a count (read out on its link): a dot says so while it is closed. */}
                {!mobileOpen && groupsWaiting > 0 && (
                  <span
                    className="absolute top-2 right-2 size-2.5 rounded-full bg-amber-700 ring-2 ring-white"
                    aria-hidden="true"
                  />
                )}
              </button>
            </div>
          </>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            <PreferencesMenu />
            {location.pathname !== '/login' && (
              <Link to="/login" className={buttonClasses('primary', 'sm')}>
                <Trans>Sign in</Trans>
              </Link>
            )}
          </div>
        )}
      </div>
      {user && mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label={t`Mobile`}
          className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
        >
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={(state) => cn(navLinkClass(state), 'block')}>
                  {i18n._(link.label)}
                  <NavCount to={link.to} />
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/profile" className={(state) => cn(navLinkClass(state), 'block')}>
                <Trans>Profile</Trans>
              </NavLink>
            </li>
            {operator && (
              <li>
                <NavLink to="/admin" className={(state) => cn(navLinkClass(state), 'block')}>
                  <Trans>Admin</Trans>
                </NavLink>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => {
                  setMobileOpen(false);
                  onSignOut();
                }}
                className="block w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-slate-700 hover:bg-slate-100"
              >
                <Trans>Sign out</Trans>
              </button>
            </li>
          </ul>
          {email && (
            <p className="mt-3 truncate px-3 text-xs text-slate-600" title={email}>
              <Trans>Signed in as {email}</Trans>
            </p>
          )}
        </nav>
      )}
    </header>
  );
}
