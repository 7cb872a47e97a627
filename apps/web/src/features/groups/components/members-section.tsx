import { useLingui } from '@lingui/react/macro';
import type { GroupMember } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { type ReactNode, useMemo, useRef } from 'react';
import { LoadFailure } from '@/components/query-state';
import { groupAchievementsQueryOptions } from '@/features/groups/api/group-achievements';
import { groupMembersQueryOptions } from '@/features/groups/api/group-members';
import { useFocusWhenGone } from '@/features/groups/hooks/use-focus-when-gone';
import { useCurrentUser } from '@/lib/auth';
import { sharedMessage } from '@/lib/i18n/catalog';
import { MemberRow } from './member-row';
import { Panel, PanelLoading } from './panel';

/** The group's members, longest-standing first, with their roles; admins manage them here. */
export function MembersSection({
  groupId,
  groupName,
  myUuid,
  isAdmin,
  level = 3,
  className,
  memberExtra,
}: {
  groupId: string;
  groupName: string;
  myUuid: string | undefined;
  isAdmin: boolean;
  /** Its heading's level: 3 in a group's card, 2 on the group's page. */
  level?: 2 | 3;
  className?: string;
  /** More about a member under their name (on the group's page: their training plan, when shared). */
  memberExtra?: (member: GroupMember) => ReactNode;
}) {
  const user = useCurrentUser();
  const members = useQuery(groupMembersQueryOptions(user.uid, groupId));
  // Each member's latest achievements beside their name; without them the list stands as it is.
  const achievements = useQuery(groupAchievementsQueryOptions(user.uid, groupId));
  const latest = useMemo(
    () => new Map(achievements.data?.map((member) => [member.uuid, member.latest.map((item) => item.id)])),
    [achievements.data],
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useMemo(() => members.data?.map((member) => member.uuid), [members.data]);
  const focusWhenGone = useFocusWhenGone(headingRef, ids);
  const { t } = useLingui();

  return (
    <Panel
      id={`members-${groupId}`}
      title={t`Members`}
      icon={<Users className="size-4" />}
      count={members.data?.length}
      headingRef={headingRef}
      level={level}
      className={className}
    >
      {members.isPending ? (
        <PanelLoading label={t`Loading members...`} />
      ) : members.isError ? (
        <LoadFailure
          title={sharedMessage('failedToFetchGroupMembers')}
          error={members.error}
          retrying={members.isFetching}
          onRetry={() => void members.refetch()}
        />
      ) : (
        <ul className="-my-3 divide-y divide-slate-200">
          {members.data.map((member) => (
            <MemberRow
              key={member.uuid}
              groupId={groupId}
              groupName={groupName}
              member={member}
              isMe={member.uuid === myUuid}
              latestAchievements={latest.get(member.uuid) ?? []}
              canManage={isAdmin}
              onRemoved={() => focusWhenGone(member.uuid)}
              extra={memberExtra?.(member)}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}
