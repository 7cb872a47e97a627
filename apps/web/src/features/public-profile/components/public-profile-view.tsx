import { plural } from '@lingui/core/macro';
import { ACHIEVEMENTS, type PublicProfile } from '@pushup/shared';
import type { ReactNode } from 'react';
import { AchievementMedal } from '@/components/achievement-badge';
import { achievementText } from '@/components/achievement-texts';
import { publicProfileTexts } from '@/features/public-profile/public-profile-texts';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';

/** The heatmap's slot: the year-heatmap feature draws it (a feature imports no other; src/app fills it). */
export type HeatmapSlot = (heatmap: NonNullable<PublicProfile['heatmap']>) => ReactNode;

const days = (count: number) => plural(count, { one: '# day', other: '# days' });

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold text-slate-900">{value}</dd>
      {detail && <dd className="text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

type HeadingLevel = 'h3' | 'h4';

function Part({
  title,
  level: Heading,
  children,
}: {
  title: string;
  level: HeadingLevel;
  children: ReactNode;
}) {
  return (
    <section className="mt-5 first:mt-0">
      <Heading className="mb-2 font-semibold text-slate-900">{title}</Heading>
      {children}
    </section>
  );
}

/**
 * The parts of a public profile, exactly as its answer holds them (docs/product.md, "Public
 * profile"): the page at /u/:username and the owner's preview draw the same. `headingLevel` keeps
 * the page's outline: each part is titled one level below the heading it sits under.
 */
export function PublicProfileView({
  profile,
  heatmap,
  level = 'h3',
}: {
  profile: PublicProfile;
  heatmap: HeatmapSlot;
  level?: HeadingLevel;
}) {
  const T = publicProfileTexts();
  const { totals, streak, records, achievements } = profile;
  const nothing = !totals && !streak && !records && !profile.heatmap && !achievements;
  const byId = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));
  return (
    <div>
      {nothing && <p className="text-sm text-slate-600">{T.nothingChosen}</p>}
      {totals && (
        <Part level={level} title={T.parts.totals}>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={T.totalPushups} value={formatNumber(totals.total)} />
            <Figure label={T.activeDays} value={formatNumber(totals.activeDays)} />
          </dl>
        </Part>
      )}
      {streak && (
        <Part level={level} title={T.parts.streak}>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={T.currentStreak} value={days(streak.current)} />
            <Figure label={T.longestStreak} value={days(streak.longest)} />
          </dl>
        </Part>
      )}
      {records && (
        <Part level={level} title={T.parts.records}>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              label={T.bestDay}
              value={records.bestDay ? formatNumber(records.bestDay.total) : T.none}
              {...(records.bestDay ? { detail: formatDay(records.bestDay.day, 'date') } : {})}
            />
            <Figure
              label={T.bestWeek}
              value={records.bestWeek ? formatNumber(records.bestWeek.total) : T.none}
              {...(records.bestWeek ? { detail: formatDay(records.bestWeek.weekStart, 'date') } : {})}
            />
            <Figure
              label={T.bestMonth}
              value={records.bestMonth ? formatNumber(records.bestMonth.total) : T.none}
              {...(records.bestMonth ? { detail: formatDay(`${records.bestMonth.month}-01`, 'month') } : {})}
            />
          </dl>
        </Part>
      )}
      {profile.heatmap && (
        <Part level={level} title={T.parts.heatmap}>
          {heatmap(profile.heatmap)}
        </Part>
      )}
      {achievements && (
        <Part level={level} title={T.parts.achievements}>
          {achievements.length === 0 ? (
            <p className="text-sm text-slate-600">{T.noAchievements}</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {achievements.map(({ id, earnedAt }) => {
                const definition = byId.get(id);
                if (!definition) return null;
                const { title, description } = achievementText(definition);
                return (
                  <li key={id} className="flex items-center gap-3 rounded-xl bg-slate-50 p-2.5">
                    <AchievementMedal kind={definition.kind} earned size="sm" />
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold text-slate-900">{title}</span>
                      <span className="block text-xs text-slate-600">
                        {description} · {formatDay(earnedAt, 'date')}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Part>
      )}
    </div>
  );
}
