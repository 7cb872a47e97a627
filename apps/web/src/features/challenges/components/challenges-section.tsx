import { Trans, useLingui } from '@lingui/react/macro';
import type { ChallengeSummary } from '@pushup/shared';
import { Plus, Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailure } from '@/components/query-state';
import { StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { useGroupChallenges } from '@/features/challenges/api/challenges';
import { challengeFacts } from '@/features/challenges/challenge-texts';
import { MembersMayCreate } from '@/features/challenges/components/members-may-create';
import { NewChallengeForm } from '@/features/challenges/components/new-challenge-form';
import { challengePath } from '@/features/challenges/links';

function ChallengeList({ title, challenges }: { title: string; challenges: ChallengeSummary[] }) {
  const { t } = useLingui();
  if (challenges.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <ul aria-label={title} className="flex flex-col gap-2">
        {challenges.map((challenge) => (
          <li key={challenge.id}>
            <Link
              to={challengePath(challenge.groupId, challenge.id)}
              className="flex min-h-11 flex-col rounded-xl border border-slate-200 px-4 py-3 hover:border-brand-700 hover:bg-brand-50"
            >
              <span className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                {challenge.name}
                {challenge.joined && <StatusBadge tone="green">{t`You’re in`}</StatusBadge>}
              </span>
              <span className="text-sm text-slate-600">{challengeFacts(challenge)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A group's challenges on its home: running, upcoming and finished ones, and 'New challenge'. */
export function ChallengesSection({
  groupId,
  isAdmin,
  className,
}: {
  groupId: string;
  isAdmin: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const challenges = useGroupChallenges(groupId);
  const [creating, setCreating] = useState(false);
  // Cancelling the form brings back 'New challenge' with the keyboard on it, where it was.
  const newButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (creating || !cancelled.current) return;
    cancelled.current = false;
    newButton.current?.focus();
  }, [creating]);
  const data = challenges.data;
  const none = data && data.running.length + data.upcoming.length + data.finished.length === 0;

  return (
    <SectionCard
      id="group-challenges"
      className={className}
      title={t`Challenges`}
      icon={<Trophy className="size-5" />}
      actions={
        data?.canCreate &&
        !creating && (
          <Button ref={newButton} variant="secondary" className="min-h-11" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            <Trans>New challenge</Trans>
          </Button>
        )
      }
    >
      {creating && (
        <div className="mb-6 rounded-xl border border-slate-200 p-4">
          <NewChallengeForm
            groupId={groupId}
            onCancel={() => {
              cancelled.current = true;
              setCreating(false);
            }}
            onCreated={(challenge) => navigate(challengePath(groupId, challenge.id))}
          />
        </div>
      )}
      {challenges.isError && !data ? (
        <LoadFailure
          title={t`Could not load the challenges.`}
          error={challenges.error}
          retrying={challenges.isFetching}
          onRetry={() => void challenges.refetch()}
        />
      ) : none ? (
        <p className="text-sm text-slate-600">
          {data.canCreate
            ? t`No challenges yet. Start one: a race, or a number to reach.`
            : t`No challenges yet. An admin can start one.`}
        </p>
      ) : (
        data && (
          <div className="flex flex-col gap-5">
            <ChallengeList title={t`Running`} challenges={data.running} />
            <ChallengeList title={t`Upcoming`} challenges={data.upcoming} />
            <ChallengeList title={t`Finished`} challenges={data.finished} />
          </div>
        )
      )}
      {isAdmin && data && <MembersMayCreate groupId={groupId} allowed={data.membersMayCreateChallenges} />}
    </SectionCard>
  );
}
