import { Trans, useLingui } from '@lingui/react/macro';
import { ACHIEVEMENTS, type AchievementId, type GroupMember } from '@pushup/shared';
import { ShieldMinus, ShieldPlus, UserMinus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { AchievementMedal } from '@/components/achievement-badge';
import { achievementText } from '@/components/achievement-texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AdminBadge, Initial, YouBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { useDemoteMember, usePromoteMember, useRemoveMember } from '@/features/groups/api/manage-members';
import { formatDate } from '@/features/groups/groups-format';
import { BusyButton } from './busy-button';

/** Small medals of a member's latest achievements, named for screen readers and on hover. */
function LatestAchievements({ ids }: { ids: readonly AchievementId[] }) {
  const earned = ACHIEVEMENTS.filter((item) => ids.includes(item.id)).sort(
    (a, b) => ids.indexOf(a.id) - ids.indexOf(b.id),
  );
  const { t } = useLingui();
  if (earned.length === 0) return null;
  return (
    <ul aria-label={t`Latest achievements`} className="mt-1.5 flex flex-wrap gap-1.5">
      {earned.map((item) => {
        const { title, description } = achievementText(item);
        return (
          <li key={item.id} title={description} className="flex items-center gap-1 text-xs text-slate-700">
            <AchievementMedal kind={item.kind} earned size="sm" />
            {title}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One member: name, role and since when, and their latest achievements. An admin looking at another member also gets Promote or
 * Demote (one button whose label follows the role, so the focus stays on it) and Remove behind a
 * confirmation. The buttons' names carry the member's name for screen readers.
 */
export function MemberRow({
  groupId,
  groupName,
  member,
  isMe,
  latestAchievements,
  canManage,
  onRemoved,
  extra,
}: {
  groupId: string;
  groupName: string;
  member: GroupMember;
  isMe: boolean;
  /** The member's latest achievements, newest first. */
  latestAchievements: readonly AchievementId[];
  canManage: boolean;
  onRemoved: () => void;
  /** More about the member, under their achievements. */
  extra?: ReactNode;
}) {
  const promote = usePromoteMember(groupId);
  const demote = useDemoteMember(groupId);
  const remove = useRemoveMember(groupId);
  const [confirming, setConfirming] = useState(false);
  const isAdmin = member.role === 'admin';
  const target = { uuid: member.uuid, username: member.username };
  const busy = promote.isPending || demote.isPending || remove.isPending;
  const username = member.username;
  const joined = formatDate(member.joinedAt);
  const { t } = useLingui();

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <Initial name={member.username} />
      <div className="min-w-0 flex-1 basis-32">
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
          <span
            className="max-w-full font-semibold break-words text-slate-900 [overflow-wrap:anywhere]"
            title={member.username}
          >
            {member.username}
          </span>
          {isMe && <YouBadge />}
          {isAdmin && <AdminBadge />}
        </p>
        <p className="text-xs text-slate-600">
          <Trans>Joined {joined}</Trans>
        </p>
        <LatestAchievements ids={latestAchievements} />
        {extra}
      </div>
      {canManage && !isMe && (
        <div className="ml-auto flex shrink-0 gap-1">
          <BusyButton
            variant="ghost"
            size="sm"
            className="min-h-11 px-2.5 sm:min-h-9"
            busy={promote.isPending || demote.isPending}
            disabled={remove.isPending}
            title={isAdmin ? t`Make ${username} a member` : t`Make ${username} an admin`}
            icon={
              isAdmin ? (
                <ShieldMinus className="size-4" aria-hidden="true" />
              ) : (
                <ShieldPlus className="size-4" aria-hidden="true" />
              )
            }
            onClick={() => (isAdmin ? demote.mutate(target) : promote.mutate(target))}
          >
            {isAdmin ? (
              <Trans>
                Demote<span className="sr-only"> {username} to member</span>
              </Trans>
            ) : (
              <Trans>
                Promote<span className="sr-only"> {username} to admin</span>
              </Trans>
            )}
          </BusyButton>
          <Button
            variant="ghost"
            size="sm"
            className="min-h-11 px-2.5 text-red-700 hover:bg-red-50 active:bg-red-100 sm:min-h-9"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            <UserMinus className="size-4" aria-hidden="true" />
            <Trans>
              Remove<span className="sr-only"> {username}</span>
            </Trans>
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Remove ${username}?`}
        description={
          <Trans>
            <strong className="font-semibold text-slate-900">{username}</strong> leaves{' '}
            <strong className="font-semibold text-slate-900">{groupName}</strong> and no longer sees its
            leaderboard. They can ask to join again later.
          </Trans>
        }
        confirmLabel={t`Remove member`}
        pending={remove.isPending}
        onConfirm={() => void remove.mutateAsync(target).then(onRemoved, () => setConfirming(false))}
      />
    </li>
  );
}
