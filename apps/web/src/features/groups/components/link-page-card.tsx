import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NoticeCard } from '@/components/gate-card';
import { buttonClasses } from '@/components/ui/button';

/** The card frame of the pages a shared link opens (a group's share page, an invite). */
export const linkPageCard = 'max-w-xl rounded-2xl border border-slate-200/80 bg-white p-6 shadow-card sm:p-8';

/** What a shared link shows when its group or invite is not there: why, and the way back. */
export function LinkMissingCard({
  id,
  icon,
  title,
  text,
  back,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  /** The label of the link to the dashboard. */
  back: string;
}) {
  return (
    <NoticeCard id={id} icon={icon} title={title} tone="neutral" className="max-w-xl">
      <p className="mt-2 text-slate-700">{text}</p>
      <Link to="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
        {back}
      </Link>
    </NoticeCard>
  );
}
