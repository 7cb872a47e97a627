import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ACHIEVEMENTS, addDays, CHEER_DAYS_BACK, type FeedLine, localDay } from '@pushup/shared';
import { Heart, Newspaper } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { achievementText } from '@/components/achievement-texts';
import { LoadFailure } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { useCheer, useGroupFeed } from '@/features/challenges/api/challenges';
import { challengePath } from '@/features/challenges/links';
import { cn } from '@/lib/cn';
import { formatDay, formatInstant } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';
import { useProfile } from '@/lib/profile';

function ChallengeName({ groupId, line }: { groupId: string; line: FeedLine }) {
  const challenge = line.challenge;
  if (!challenge) return null;
  if (challenge.id === null) return <span className="font-semibold">{challenge.name}</span>;
  return (
    <Link to={challengePath(groupId, challenge.id)} className="font-semibold text-brand-800 underline">
      {challenge.name}
    </Link>
  );
}

/** What a line says: 'anna: 80 push-ups today', 'anna joined the challenge November race', … */
function LineText({ groupId, line, today }: { groupId: string; line: FeedLine; today: string }) {
  const { t } = useLingui();
  const name = line.person.username;
  switch (line.kind) {
    case 'day': {
      const count = formatNumber(line.count ?? 0);
      if (line.day === today) return <>{t`${name}: ${count} push-ups today`}</>;
      const day = formatDay(line.day ?? '', 'axis');
      return <>{t`${name}: ${count} push-ups on ${day}`}</>;
    }
    case 'achievement': {
      const definition = ACHIEVEMENTS.find((a) => a.id === line.achievementId);
      const title = definition ? achievementText(definition).title : (line.achievementId ?? '');
      return <>{t`${name} earned the achievement ${title}`}</>;
    }
    case 'challenge-created':
      return (
        <Trans>
          {name} started the challenge <ChallengeName groupId={groupId} line={line} />
        </Trans>
      );
    case 'challenge-joined':
      return (
        <Trans>
          {name} joined the challenge <ChallengeName groupId={groupId} line={line} />
        </Trans>
      );
    case 'challenge-won':
      return (
        <Trans>
          {name} won the challenge <ChallengeName groupId={groupId} line={line} />
        </Trans>
      );
    case 'member-joined':
      return <>{t`${name} joined the group`}</>;
  }
}

/** Cheer a member's day, or take the cheer back: a toggle whose state is announced. */
function CheerButton({ groupId, line }: { groupId: string; line: FeedLine }) {
  const { t } = useLingui();
  const cheer = useCheer(groupId);
  const [announced, setAnnounced] = useState('');
  const name = line.person.username;
  const cheered = line.cheeredByMe === true;
  const count = line.cheers ?? 0;
  const toggle = () => {
    if (!line.person.uuid || !line.day) return;
    const next = !cheered;
    cheer.mutate(
      { userId: line.person.uuid, day: line.day, cheer: next },
      {
        onSuccess: () =>
          setAnnounced(next ? t`You cheered ${name}.` : t`You took back your cheer for ${name}.`),
      },
    );
  };
  return (
    <span className="flex items-center gap-2">
      <Button
        variant={cheered ? 'primary' : 'secondary'}
        className="min-h-11"
        aria-pressed={cheered}
        aria-label={t`Cheer ${name}’s day`}
        loading={cheer.isPending}
        onClick={toggle}
      >
        <Heart className={cn('size-4', cheered && 'fill-current')} aria-hidden="true" />
        <Trans>Cheer</Trans>
      </Button>
      {count > 0 && (
        <span className="text-sm text-slate-600">{plural(count, { one: '# cheer', other: '# cheers' })}</span>
      )}
      <span className="sr-only" role="status">
        {cheer.isError ? cheer.error.message : announced}
      </span>
    </span>
  );
}

/**
 * The group's feed on its home: what happened, newest first, a page at a time ('Load more'); each
 * member's recent day line has a Cheer button (docs/product.md, "Group challenges: screens").
 */
export function GroupFeed({ groupId, className }: { groupId: string; className?: string }) {
  const { t } = useLingui();
  const feed = useGroupFeed(groupId);
  const profile = useProfile();
  const today = localDay(new Date());
  const oldestCheerDay = addDays(today, -CHEER_DAYS_BACK);
  const lines = feed.data?.pages.flatMap((page) => page.lines) ?? [];

  return (
    <SectionCard
      id="group-feed"
      title={t`Group feed`}
      icon={<Newspaper className="size-5" />}
      className={className}
    >
      {feed.isError && !feed.data ? (
        <LoadFailure
          title={t`Could not load the group’s feed.`}
          error={feed.error}
          retrying={feed.isFetching}
          onRetry={() => void feed.refetch()}
        />
      ) : feed.data && lines.length === 0 ? (
        <p className="text-sm text-slate-600">{t`Nothing has happened here yet.`}</p>
      ) : (
        <>
          <ul aria-label={t`Group feed`} className="flex flex-col divide-y divide-slate-200">
            {lines.map((line) => {
              const canCheer =
                line.kind === 'day' &&
                line.person.uuid !== null &&
                line.person.uuid !== profile.data?.uuid &&
                line.day !== null &&
                line.day >= oldestCheerDay;
              return (
                <li
                  key={line.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
                >
                  <span className="min-w-0 break-words text-slate-900">
                    <LineText groupId={groupId} line={line} today={today} />
                    <span className="block text-sm text-slate-600">{formatInstant(line.at, 'short')}</span>
                  </span>
                  {canCheer && <CheerButton groupId={groupId} line={line} />}
                </li>
              );
            })}
          </ul>
          {feed.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-3 min-h-11"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              <Trans>Load more</Trans>
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}
