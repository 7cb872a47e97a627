import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PushupFigure } from '@/components/loading-animation';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-xl py-8 text-center">
      <PushupFigure className="mx-auto mb-6 h-20 w-40 text-brand-700" />
      <p className="text-sm font-bold tracking-widest text-brand-800 uppercase">
        <Trans>Error 404</Trans>
      </p>
      <PageHeader title={t`Page not found`} centered />
      <p className="-mt-4 text-slate-700">
        <Trans>This page does not exist. Maybe it did a pushup and rolled away.</Trans>
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        <Trans>Back to the dashboard</Trans>
      </Link>
    </div>
  );
}
