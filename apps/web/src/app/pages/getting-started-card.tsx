import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Circle, Rocket } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import type { GroupPanel } from '@/features/groups/components/group-search-panel';
import { scrollBehavior } from '@/lib/reduced-motion';

const hiddenKey = (uid: string) => `getting-started-hidden:${uid}`;

function readHidden(uid: string): boolean {
  try {
    return localStorage.getItem(hiddenKey(uid)) === '1';
  } catch {
    return false;
  }
}

/** Brings a card into view (whole, or its top when it is taller than the screen) and puts the keyboard there. */
function goTo(id: string, focus?: string) {
  const card = document.getElementById(id);
  if (card) {
    const block = card.getBoundingClientRect().height > window.innerHeight ? 'start' : 'center';
    card.scrollIntoView({ behavior: scrollBehavior(), block });
  }
  if (focus) document.getElementById(focus)?.focus({ preventScroll: true });
}

/**
 * Once another page shows the card (its data may still be loading when it opens), brings it into view
 * and puts the keyboard in its first field. Gives up after a few seconds: the page stays at its top.
 */
function goToOnNextPage(id: string, focus: string) {
  const started = Date.now();
  const look = () => {
    const card = document.getElementById(id);
    // The page's own scroll to the top runs when it opens: this comes after it.
    if (card) window.setTimeout(() => goTo(id, focus), 50);
    else if (Date.now() - started < 5_000) window.setTimeout(look, 100);
  };
  window.setTimeout(look, 0);
}

/**
 * A new user's first minute: the three things to do first, each with the way
 * there, ticked off as they are done. Gone once all are done, or when the user hides it (this device).
 */
export function GettingStartedCard({
  uid,
  logged,
  hasGoal,
  inGroup,
  onGroupPanel,
}: {
  uid: string;
  logged: boolean;
  hasGoal: boolean;
  inGroup: boolean;
  onGroupPanel: (panel: GroupPanel) => void;
}) {
  const { t } = useLingui();
  const [hidden, setHidden] = useState(() => readHidden(uid));
  if (hidden || (logged && hasGoal && inGroup)) return null;
  const hide = () => {
    try {
      localStorage.setItem(hiddenKey(uid), '1');
    } catch {
      // Private mode without storage: hidden until the next visit.
    }
    setHidden(true);
  };
  const openGroups = (panel: GroupPanel) => {
    onGroupPanel(panel);
    goTo('your-groups');
  };
  return (
    <SectionCard
      id="getting-started"
      title={t`Get started`}
      icon={<Rocket className="size-5" />}
      description={t`Three steps to make the most of Pushup Tracker.`}
      actions={
        <Button variant="ghost" size="sm" onClick={hide}>
          <Trans>Hide</Trans>
        </Button>
      }
    >
      <ol className="grid gap-3 md:grid-cols-3">
        <Step done={logged} title={t`Log your first set`}>
          <Button size="sm" onClick={() => goTo('log-pushups', 'pushup-count')}>
            <Trans>Log a set</Trans>
          </Button>
        </Step>
        <Step done={hasGoal} title={t`Set a goal`}>
          <Link
            to="/profile"
            onClick={() => goToOnNextPage('goal-settings', 'goal-target')}
            className={buttonClasses('secondary', 'sm')}
          >
            <Trans>Choose your goal</Trans>
          </Link>
        </Step>
        <Step done={inGroup} title={t`Join or create a group`}>
          <Button variant="secondary" size="sm" onClick={() => openGroups('search')}>
            <Trans>Find a group</Trans>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => openGroups('create')}>
            <Trans>Create a group</Trans>
          </Button>
        </Step>
      </ol>
    </SectionCard>
  );
}

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        {done ? (
          <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        ) : (
          <Circle className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <span className={done ? 'text-slate-500 line-through' : undefined}>{title}</span>
        {done && (
          <span className="sr-only">
            <Trans>(done)</Trans>
          </span>
        )}
      </p>
      {!done && <div className="flex flex-wrap gap-2">{children}</div>}
    </li>
  );
}
