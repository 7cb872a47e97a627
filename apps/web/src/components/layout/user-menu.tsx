import { Trans, useLingui } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, ShieldCheck, User as UserIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useOperatorMenu } from '@/lib/operator-menu';

function initials(name: string | null | undefined): string {
  const clean = (name ?? '').trim();
  return clean ? clean.slice(0, 1).toUpperCase() : '?';
}

/** The signed-in user's menu: Profile, Admin for an operator (lib/operator-menu.ts), and Sign out. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { t } = useLingui();
  const operator = useOperatorMenu();
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t`User menu`}
        className="flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-2.5 pl-1 shadow-sm hover:bg-slate-50"
      >
        <span
          className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          aria-hidden="true"
        >
          {initials(user.displayName ?? user.email)}
        </span>
        <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {user.email && (
            <DropdownMenu.Label className="truncate px-2.5 py-2 text-xs text-slate-600" title={user.email}>
              {user.email}
            </DropdownMenu.Label>
          )}
          <DropdownMenu.Item
            onSelect={() => navigate('/profile')}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
          >
            <UserIcon className="size-4" aria-hidden="true" />
            <Trans>Profile</Trans>
          </DropdownMenu.Item>
          {operator && (
            <DropdownMenu.Item
              onSelect={() => navigate('/admin')}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
            >
              <ShieldCheck className="size-4" aria-hidden="true" />
              <Trans>Admin</Trans>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
          >
            <LogOut className="size-4" aria-hidden="true" />
            <Trans>Sign out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
