import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { usePlacementTests } from '@/features/plans/api/plan';
import { formatDay } from '@/lib/format-day';
import { formatNumber } from '@/lib/i18n/format';

/** The placement tests over time, newest first, each as a bar against the best, and a retest any time. */
export function PlanTestsCard() {
  const { t } = useLingui();
  const tests = usePlacementTests();
  return (
    <SectionCard
      id="plan-tests"
      title={t`Your tests`}
      icon={<ClipboardList className="size-5" />}
      description={t`The most pushups in one set, each time you tested.`}
      actions={
        <Link to="/plan/test" className={buttonClasses('secondary', 'sm', 'min-h-11')}>
          <Trans>Take a test</Trans>
        </Link>
      }
    >
      <QueryState query={tests} loading={t`Loading your tests…`} failure={t`Failed to load your tests`}>
        {(list) => {
          if (list.length === 0) {
            return (
              <p className="text-slate-700">
                <Trans>No tests yet.</Trans>
              </p>
            );
          }
          const best = Math.max(1, ...list.map((test) => test.count));
          return (
            <ol className="space-y-2">
              {list.slice(0, 12).map((test) => (
                <li key={test.id} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-3 text-sm">
                  <span className="text-slate-700">{formatDay(test.day, 'axis')}</span>
                  <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                    <span
                      className="block h-3 rounded-full bg-brand-600"
                      style={{ width: `${Math.max(2, (test.count / best) * 100)}%` }}
                    />
                  </span>
                  <span className="text-right font-bold text-slate-900 tabular-nums">
                    {formatNumber(test.count)}
                  </span>
                </li>
              ))}
            </ol>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
