import type { AchievementKind } from '@pushup/shared';
import { Award, CalendarCheck, Flame, Medal, Target, Trophy, Users } from 'lucide-react';
import { cn } from '@/lib/cn';

const ICONS = {
  total: Trophy,
  day: Medal,
  streak: Flame,
  goal: Target,
  group: Users,
  plan: CalendarCheck,
} satisfies Record<AchievementKind, unknown>;

/** An achievement's medal: its kind's icon in a circle, bright when earned (decorative). */
export function AchievementMedal({
  kind,
  earned,
  size = 'md',
}: {
  kind: AchievementKind;
  earned: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const Icon = ICONS[kind] ?? Award;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
        size === 'sm' && 'size-7 [&>svg]:size-3.5',
        size === 'md' && 'size-11 [&>svg]:size-5',
        size === 'lg' && 'size-16 [&>svg]:size-8',
        earned
          ? 'bg-gradient-to-br from-amber-300 to-brand-600 text-white ring-amber-500/40'
          : 'bg-slate-100 text-slate-400 ring-slate-200',
      )}
    >
      <Icon />
    </span>
  );
}
