import { Eye, EyeOff } from 'lucide-react';
import { useId } from 'react';
import { QueryState } from '@/components/query-state';
import { accountDataTexts } from '@/features/account-data/account-data-texts';
import { useLeaderboardVisibility } from '@/features/account-data/api/visibility';
import { cn } from '@/lib/cn';
import { sharedMessage } from '@/lib/i18n/catalog';
import { useSettings } from '@/lib/user-settings';

/** Shown on the global leaderboard or hidden from it (docs/product.md, "Leaderboard visibility"), saved at once. */
export function LeaderboardVisibility() {
  const T = accountDataTexts();
  const choices = [
    { shown: true, label: T.shown, Icon: Eye },
    { shown: false, label: T.hidden, Icon: EyeOff },
  ];
  const settings = useSettings();
  const update = useLeaderboardVisibility();
  const name = useId();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="float-left w-full font-semibold text-slate-900">{T.visibilityLegend}</legend>
      <div className="clear-left">
        <QueryState
          query={settings}
          loading={sharedMessage('loading')}
          failure={sharedMessage('failedToLoadData')}
        >
          {(data) => {
            const chosen = update.isPending ? update.variables : data.showOnLeaderboard;
            return (
              <div className="mt-2 inline-flex rounded-xl bg-slate-100 p-1">
                {choices.map(({ shown, label, Icon }) => (
                  <label
                    key={label}
                    className={cn(
                      'flex min-w-24 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                      chosen === shown
                        ? 'bg-white text-brand-800 shadow-sm'
                        : 'text-slate-700 hover:text-slate-900',
                    )}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={label}
                      checked={chosen === shown}
                      disabled={update.isPending}
                      onChange={() => update.mutate(shown)}
                      className="sr-only"
                    />
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </label>
                ))}
              </div>
            );
          }}
        </QueryState>
      </div>
      <p id={hintId} className="mt-2 text-sm text-slate-600">
        {T.visibilityHint}
      </p>
    </fieldset>
  );
}
