import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Info, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { groupMembersQueryOptions } from '@/features/groups/api/group-members';
import { groupHomePath } from '@/features/groups/links';
import { useCurrentUser } from '@/lib/auth';
import { Panel } from './panel';

/** For members (not admins): who runs the group and where its leaderboard is. */
export function GroupInfoPanel({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const members = useQuery(groupMembersQueryOptions(user.uid, groupId));
  const admins = (members.data ?? []).filter((member) => member.role === 'admin').map((m) => m.username);
  const adminCount = admins.length;

  return (
    <Panel id={`about-${groupId}`} title={t`How this group works`} icon={<Info className="size-4" />}>
      <div className="space-y-3 text-sm text-slate-700">
        {admins.length > 0 && (
          <p>
            <span className="font-semibold text-slate-900">
              <Plural value={adminCount} one="Admin:" other="Admins:" />
            </span>{' '}
            {admins.join(', ')}
          </p>
        )}
        <p>
          <Trans>
            Admins approve join requests and create invite links. To bring a friend in, ask one of them for an
            invite link.
          </Trans>
        </p>
        <p>
          <Trans>Your pushups count on the group's leaderboard, on the group's page with its chart.</Trans>
        </p>
        <Link to={groupHomePath(groupId)} className={buttonClasses('secondary', 'sm')}>
          <Trophy className="size-4" aria-hidden="true" />
          <Trans>Open the group's page</Trans>
        </Link>
      </div>
    </Panel>
  );
}
