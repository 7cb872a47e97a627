import { Link } from 'react-router';
import { PushupFigure } from '../components/loading-animation';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { WEB_MESSAGES } from '../lib/web-messages';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl py-8 text-center">
      <PushupFigure className="mx-auto mb-6 h-20 w-40 text-brand-700" />
      <p className="text-sm font-bold tracking-widest text-brand-800 uppercase">Error 404</p>
      <PageHeader title={WEB_MESSAGES.pageNotFound} />
      <p className="-mt-4 text-slate-700">
        This page does not exist. Maybe it did a push-up and rolled away.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </div>
  );
}
