import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser } from '@pushup/shared';
import { Ban, CircleCheck, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailure } from '@/components/query-state';
import { StatusBadge, YouBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { type NamedTier, useTiers } from '@/features/admin/api/admin-tiers';
import { useAdminUsers, useDeleteUser, useSetSignIn } from '@/features/admin/api/admin-users';
import { formatDay, formatInstant } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';
import { SearchForm } from './search-form';
import { TierDialog } from './tier-dialog';
import { tierText } from './tier-text';
import { NameToType, TypeNameDialog } from './type-name-dialog';

type Dialog = { kind: 'tier' | 'disable' | 'delete'; user: AdminUser } | null;

/** The users: search by name or email, each with their figures, tier and sign-in, and what can be done. */
export function UsersSection() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search);
  const tiers = useTiers();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const signIn = useSetSignIn();
  const remove = useDeleteUser();

  const close = () => {
    setDialog(null);
    setError(null);
  };
  const enable = (user: AdminUser) =>
    signIn.mutate(
      { uuid: user.uuid, disabled: false },
      {
        onSuccess: () => toast.success(t`${user.username} can sign in again`),
        onError: (caught) => toast.error(caught.message),
      },
    );
  const disable = (user: AdminUser) =>
    signIn.mutate(
      { uuid: user.uuid, disabled: true },
      {
        onSuccess: () => {
          toast.success(t`Sign-in of ${user.username} disabled`);
          close();
        },
        onError: (caught) => setError(caught.message),
      },
    );

  const list = users.data?.pages.flatMap((page) => page.users) ?? [];
  const total = users.data?.pages[0]?.total ?? 0;
  return (
    <SectionCard id="admin-users" title={t`Users`} icon={<Users className="size-5" />}>
      <SearchForm
        id="admin-user-search"
        label={t`Search by name or email`}
        maxLength={320}
        searching={users.isFetching && !users.isFetchingNextPage}
        onSearch={setSearch}
      />
      {users.isPending ? (
        <p role="status" className="py-6 text-center text-slate-600">
          <Trans>Loading the users…</Trans>
        </p>
      ) : users.isError && list.length === 0 ? (
        <LoadFailure
          title={t`Could not load the users.`}
          error={users.error}
          retrying={users.isFetching}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-600">
            {search
              ? t`${plural(total, { one: `# user matches “${search}”`, other: `# users match “${search}”` })}`
              : t`${plural(total, { one: '# user', other: '# users' })}`}
          </p>
          <ul aria-label={t`Users`} className="divide-y divide-slate-200">
            {list.map((user) => (
              <UserRow
                key={user.uuid}
                user={user}
                tiers={tiers.data ?? []}
                busy={signIn.isPending && signIn.variables?.uuid === user.uuid}
                onTier={() => setDialog({ kind: 'tier', user })}
                onDisable={() => setDialog({ kind: 'disable', user })}
                onEnable={() => enable(user)}
                onDelete={() => setDialog({ kind: 'delete', user })}
              />
            ))}
          </ul>
          {users.isError && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {users.error.message}
            </p>
          )}
          {users.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-4"
              loading={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              <Trans>Show more users</Trans>
            </Button>
          )}
        </>
      )}
      {dialog?.kind === 'tier' && <TierDialog user={dialog.user} tiers={tiers} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'disable'}
        onOpenChange={(open) => !open && close()}
        title={t`Disable sign-in?`}
        description={t`${dialog?.user.username ?? ''} is signed out everywhere and cannot sign in until you enable it again. Their data stays.`}
        confirmLabel={t`Disable sign-in`}
        pending={signIn.isPending}
        error={error}
        onConfirm={() => dialog && disable(dialog.user)}
      />
      {dialog?.kind === 'delete' && (
        <TypeNameDialog
          open
          onOpenChange={(open) => !open && close()}
          title={t`Delete this account?`}
          description={t`Everything ${dialog.user.username} has on this instance is removed for good: profile, pushups, goal and group memberships.`}
          name={dialog.user.username}
          fieldLabel={
            <Trans>
              Type <NameToType>{dialog.user.username}</NameToType> to delete the account
            </Trans>
          }
          confirmLabel={t`Delete account`}
          pending={remove.isPending}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ uuid: dialog.user.uuid, confirmUsername: dialog.user.username });
              toast.success(t`Account ${dialog.user.username} deleted`);
              return null;
            } catch (caught) {
              return (caught as Error).message;
            }
          }}
        />
      )}
    </SectionCard>
  );
}

/** The tier's name when a named tier has these limits, else the limits. */
function userTierText(user: AdminUser, tiers: readonly NamedTier[]): string {
  const named = tiers.find(
    (tier) =>
      tier.maxGroups === user.tier.maxGroups && tier.maxMembersPerGroup === user.tier.maxMembersPerGroup,
  );
  return named ? `${named.name} (${tierText(user.tier)})` : tierText(user.tier);
}

function UserRow({
  user,
  tiers,
  busy,
  onTier,
  onDisable,
  onEnable,
  onDelete,
}: {
  user: AdminUser;
  tiers: readonly NamedTier[];
  busy: boolean;
  onTier: () => void;
  onDisable: () => void;
  onEnable: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const signedUp = formatInstant(user.createdAt, 'date');
  const lastActive = user.lastActiveDay ? formatDay(user.lastActiveDay, 'date') : t`never`;
  const facts = [
    { term: t`Signed up`, value: signedUp },
    { term: t`Last active`, value: lastActive },
    { term: t`Total`, value: formatNumber(user.totalPushups) },
    { term: t`Groups`, value: formatNumber(user.groupCount) },
    { term: t`Tier`, value: userTierText(user, tiers) },
  ];
  return (
    <li className="py-4" data-user={user.username}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold break-all text-slate-900">{user.username}</p>
        {user.self && <YouBadge />}
        {user.emailVerified ? (
          <StatusBadge tone="green">{t`Verified`}</StatusBadge>
        ) : (
          <StatusBadge tone="amber">{t`Not verified`}</StatusBadge>
        )}
        {user.disabled && <StatusBadge tone="red">{t`Sign-in disabled`}</StatusBadge>}
      </div>
      <p className="mt-0.5 text-sm break-all text-slate-600">{user.email || t`No confirmed address`}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-[1fr_1fr_0.6fr_0.6fr_1.6fr]">
        {facts.map((fact) => (
          <div key={fact.term} className="min-w-0">
            <dt className="text-xs font-semibold text-slate-600">{fact.term}</dt>
            <dd className="break-words text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onTier}
          aria-label={t`Change the tier of ${user.username}`}
        >
          <Trans>Change tier</Trans>
        </Button>
        {!user.self &&
          (user.disabled ? (
            <Button
              variant="secondary"
              size="sm"
              loading={busy}
              onClick={onEnable}
              aria-label={t`Enable the sign-in of ${user.username}`}
            >
              <CircleCheck className="size-4" aria-hidden="true" />
              <Trans>Enable sign-in</Trans>
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={onDisable}
              aria-label={t`Disable the sign-in of ${user.username}`}
            >
              <Ban className="size-4" aria-hidden="true" />
              <Trans>Disable sign-in</Trans>
            </Button>
          ))}
        {!user.self && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            aria-label={t`Delete the account of ${user.username}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            <Trans>Delete</Trans>
          </Button>
        )}
        {user.self && (
          <p className="self-center text-sm text-slate-600">
            <Trans>Your own account cannot be disabled or deleted here.</Trans>
          </p>
        )}
      </div>
    </li>
  );
}
