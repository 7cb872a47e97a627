import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AdminGroup, GROUP_NAME_MAX_LENGTH } from '@pushup/shared';
import { ChevronDown, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { LoadFailure } from '@/components/query-state';
import { AdminBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { useAdminGroupMembers, useAdminGroups, useDeleteGroup } from '@/features/admin/api/admin-groups';
import { formatInstant } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';
import { SearchForm } from './search-form';
import { NameToType, TypeNameDialog } from './type-name-dialog';

/** The groups: search by name, each with its members, creator and date, deleted after typing its name. */
export function GroupsSection() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const groups = useAdminGroups(search);
  const [deleting, setDeleting] = useState<AdminGroup | null>(null);
  const remove = useDeleteGroup();

  const list = groups.data?.pages.flatMap((page) => page.groups) ?? [];
  const total = groups.data?.pages[0]?.total ?? 0;
  return (
    <SectionCard id="admin-groups" title={t`Groups`} icon={<UsersRound className="size-5" />}>
      <SearchForm
        id="admin-group-search"
        label={t`Search groups by name`}
        maxLength={GROUP_NAME_MAX_LENGTH}
        searching={groups.isFetching && !groups.isFetchingNextPage}
        onSearch={setSearch}
      />
      {groups.isPending ? (
        <p role="status" className="py-6 text-center text-slate-600">
          <Trans>Loading the groups…</Trans>
        </p>
      ) : groups.isError && list.length === 0 ? (
        <LoadFailure
          title={t`Could not load the groups.`}
          error={groups.error}
          retrying={groups.isFetching}
          onRetry={() => void groups.refetch()}
        />
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-600">
            {search
              ? t`${plural(total, { one: `# group matches “${search}”`, other: `# groups match “${search}”` })}`
              : t`${plural(total, { one: '# group', other: '# groups' })}`}
          </p>
          <ul aria-label={t`Groups`} className="divide-y divide-slate-200">
            {list.map((group) => (
              <GroupRow key={group.id} group={group} onDelete={() => setDeleting(group)} />
            ))}
          </ul>
          {groups.isError && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {groups.error.message}
            </p>
          )}
          {groups.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-4"
              loading={groups.isFetchingNextPage}
              onClick={() => void groups.fetchNextPage()}
            >
              <Trans>Show more groups</Trans>
            </Button>
          )}
        </>
      )}
      {deleting && (
        <TypeNameDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t`Delete this group?`}
          description={t`The group ${deleting.name} is removed for good with its memberships, join requests, invite links and challenges. The members’ pushups stay theirs.`}
          name={deleting.name}
          fieldLabel={
            <Trans>
              Type <NameToType>{deleting.name}</NameToType> to delete the group
            </Trans>
          }
          confirmLabel={t`Delete group`}
          pending={remove.isPending}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: deleting.id, name: deleting.name });
              toast.success(t`Group ${deleting.name} deleted`);
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

function GroupRow({ group, onDelete }: { group: AdminGroup; onDelete: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const created = formatInstant(group.createdAt, 'date');
  const members = formatNumber(group.memberCount);
  const max = formatNumber(group.maxMembers);
  const creator = group.creator ?? t`(deleted account)`;
  return (
    <li className="py-4" data-group={group.name}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-semibold break-words text-slate-900">{group.name}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            <Trans>
              {members} of {max} members · created by {creator} on {created}
            </Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={`admin-group-members-${group.id}`}
            onClick={() => setOpen((was) => !was)}
          >
            <ChevronDown className={open ? 'size-4 rotate-180' : 'size-4'} aria-hidden="true" />
            <Trans>Members</Trans>
            <span className="sr-only">{group.name}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t`Delete the group ${group.name}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
      <div id={`admin-group-members-${group.id}`} hidden={!open}>
        {open && <GroupMembers groupId={group.id} name={group.name} />}
      </div>
    </li>
  );
}

function GroupMembers({ groupId, name }: { groupId: string; name: string }) {
  const { t } = useLingui();
  const members = useAdminGroupMembers(groupId, true);
  if (members.isPending) {
    return (
      <p role="status" className="mt-2 text-sm text-slate-600">
        <Trans>Loading the members…</Trans>
      </p>
    );
  }
  if (members.isError) {
    return (
      <div className="mt-2">
        <LoadFailure
          title={t`Could not load the members.`}
          error={members.error}
          retrying={members.isFetching}
          onRetry={() => void members.refetch()}
        />
      </div>
    );
  }
  return (
    <ul aria-label={t`Members of ${name}`} className="mt-2 space-y-1 rounded-xl bg-slate-50 p-3 text-sm">
      {members.data.map((member) => {
        const joined = formatInstant(member.joinedAt, 'date');
        return (
          <li key={member.uuid} className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all text-slate-900">{member.username}</span>
            {member.role === 'admin' && <AdminBadge />}
            <span className="text-slate-600">
              <Trans>joined {joined}</Trans>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
