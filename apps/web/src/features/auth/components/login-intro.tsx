import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dumbbell, LineChart, Trophy, Users } from 'lucide-react';
import { PushupFigure } from '@/components/loading-animation';

const FEATURES = [
  { icon: Dumbbell, text: msg`Log your pushups every day in seconds` },
  { icon: LineChart, text: msg`Follow your progress towards a personal goal` },
  { icon: Trophy, text: msg`Climb the leaderboard` },
  { icon: Users, text: msg`Train together in groups` },
];

/**
 * What the app offers: beside the sign-in card on wide screens; on a phone, a short version above
 * it, so that a first-time visitor learns what the app is before being asked to sign in.
 */
export function LoginIntro() {
  return (
    <>
      <div className="mx-auto w-full max-w-md lg:hidden">
        <p className="text-2xl leading-tight font-extrabold tracking-tight text-slate-900">
          <Trans>
            Every rep counts. <span className="text-brand-700">Make them visible.</span>
          </Trans>
        </p>
        <p className="mt-2 text-sm text-slate-700">
          <Trans>
            Log your pushups in seconds, follow your progress towards a goal, climb the leaderboard and train
            together in groups.
          </Trans>
        </p>
      </div>
      <WideIntro />
    </>
  );
}

function WideIntro() {
  const { i18n } = useLingui();
  return (
    <div className="hidden lg:block">
      <PushupFigure className="mb-6 h-24 w-48 text-brand-700" />
      <p className="text-4xl leading-tight font-extrabold tracking-tight text-slate-900">
        <Trans>
          Every rep counts. <span className="text-brand-700">Make them visible.</span>
        </Trans>
      </p>
      <ul className="mt-8 space-y-4">
        {FEATURES.map(({ icon: Icon, text }) => (
          <li key={text.id} className="flex items-center gap-3 text-lg text-slate-700">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {i18n._(text)}
          </li>
        ))}
      </ul>
    </div>
  );
}
