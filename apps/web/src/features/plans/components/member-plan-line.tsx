import { Trans } from '@lingui/react/macro';
import { plansCalls } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { Dumbbell } from 'lucide-react';
import { levelName, planName } from '@/features/plans/plan-texts';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';

/**
 * A group member's training plan on the group's page, when they share it with their groups
 * (GET /api/groups/:id/members/:userId/plan): the plan and level, how far along, and their latest
 * workout. Nothing when they do not share one (or it cannot be loaded: it is an extra).
 */
export function MemberPlanLine({ groupId, userId }: { groupId: string; userId: string }) {
  const user = useCurrentUser();
  const { data } = useQuery({
    queryKey: ['groups', user.uid, groupId, 'member-plan', userId] as const,
    queryFn: ({ signal }) => callApi(plansCalls.memberPlan, { params: { id: groupId, userId }, signal }),
    staleTime: 60_000,
  });
  if (!data || data.status === 'abandoned') return null;
  const plan = planName(data.planId);
  const level = levelName(data.level);
  const session = formatNumber(Math.min(data.position + 1, data.sessionCount ?? data.position + 1));
  const sessions = data.sessionCount === null ? null : formatNumber(data.sessionCount);
  const last = data.lastWorkoutDay ? formatDay(data.lastWorkoutDay, 'axis') : null;
  return (
    <p className="mt-1.5 flex items-start gap-1.5 text-xs text-slate-700">
      <Dumbbell className="mt-px size-3.5 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        <span className="font-semibold text-slate-900">
          {plan}, {level}
        </span>
        {' · '}
        {data.status === 'finished' ? (
          <Trans>finished</Trans>
        ) : data.status === 'paused' ? (
          <Trans>paused</Trans>
        ) : sessions ? (
          <Trans>
            session {session} of {sessions}
          </Trans>
        ) : (
          <Trans>session {session}</Trans>
        )}
        {last && (
          <>
            {' · '}
            <Trans>last workout {last}</Trans>
          </>
        )}
      </span>
    </p>
  );
}
