import { Trans, useLingui } from '@lingui/react/macro';
import type { ChallengePage as ChallengePageData } from '@pushup/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading } from '@/components/loading-animation';
import { PageHeader } from '@/components/page-header';
import { LoadFailure } from '@/components/query-state';
import { StatusBadge } from '@/components/ui/badges';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { useChallengePage, useParticipation } from '@/features/challenges/api/challenges';
import { challengeFacts } from '@/features/challenges/challenge-texts';
import {
  ResultFacts,
  RunningFacts,
  TogetherProgress,
} from '@/features/challenges/components/challenge-summary';
import { DeleteChallenge } from '@/features/challenges/components/delete-challenge';
import { ParticipantsList } from '@/features/challenges/components/participants-list';

/**
 * /groups/:id/challenges/:challengeId: a challenge with its participants' progress, the caller's
 * pace and, once finished, its result (docs/product.md, "Group challenges: screens").
 */
export function ChallengePage({
  share,
}: {
  /** 'Share' for a finished challenge's result (the share-cards feature's, filled in by src/app). */
  share?: (challenge: ChallengePageData) => ReactNode;
} = {}) {
  const { t } = useLingui();
  const { id = '', challengeId = '' } = useParams();
  const page = useChallengePage(id, challengeId);
  const participation = useParticipation(id, challengeId);
  const challenge = page.data;

  const back = (
    <Link
      to={`/groups/${encodeURIComponent(id)}`}
      className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      <Trans>Back to the group</Trans>
    </Link>
  );

  if (!challenge) {
    return (
      <>
        {back}
        <PageHeader title={t`Challenge`} />
        {page.isPending ? (
          <PageLoading label={t`Loading challenge...`} />
        ) : (
          <LoadFailure
            variant="card"
            title={t`Could not load the challenge.`}
            error={page.error}
            retrying={page.isFetching}
            onRetry={() => void page.refetch()}
          />
        )}
      </>
    );
  }

  const finished = challenge.status === 'finished';
  const status =
    challenge.status === 'running' ? t`Running` : challenge.status === 'upcoming' ? t`Upcoming` : t`Finished`;
  return (
    <>
      {back}
      <PageHeader
        title={challenge.name}
        lead={
          <span className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <StatusBadge tone={finished ? 'slate' : 'green'}>{status}</StatusBadge>
              <span className="text-sm text-slate-600">{challenge.groupName}</span>
            </span>
            <span className="text-sm text-slate-700">{challengeFacts(challenge)}</span>
            {challenge.minPerDay !== null && (
              <span className="text-sm text-slate-700">
                {t`Days with fewer than ${challenge.minPerDay} push-ups do not count.`}
              </span>
            )}
          </span>
        }
        actions={
          finished ? (
            challenge.result && share?.(challenge)
          ) : (
            <Button
              variant={challenge.joined ? 'secondary' : 'primary'}
              size="lg"
              loading={participation.isPending}
              onClick={() => participation.mutate(!challenge.joined)}
            >
              {challenge.joined ? <Trans>Leave challenge</Trans> : <Trans>Join challenge</Trans>}
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        {participation.isError && <FormError message={participation.error.message} />}
        {/* Joining or leaving is announced with the new state. */}
        <p className="sr-only" role="status">
          {participation.isSuccess &&
            (challenge.joined ? t`You joined the challenge.` : t`You left the challenge.`)}
        </p>
        {finished ? <ResultFacts challenge={challenge} /> : <RunningFacts challenge={challenge} />}
        <SectionCard
          id="challenge-progress"
          title={finished ? (challenge.result ? t`Final standings` : t`Standings so far`) : t`Progress`}
        >
          <div className="flex flex-col gap-5">
            <TogetherProgress challenge={challenge} />
            <ParticipantsList challenge={challenge} />
          </div>
        </SectionCard>
        <DeleteChallenge challenge={challenge} />
      </div>
    </>
  );
}
