import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useAppUpdate } from '@/lib/app-update';
import { Button } from './ui/button';

/** 'A new version is available' with Reload, once the service worker has the new version ready. */
export function UpdatePrompt() {
  const reload = useAppUpdate();
  const { t } = useLingui();
  const [reloading, setReloading] = useState(false);
  if (!reload) return null;
  return (
    <section
      aria-label={t`App update`}
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-brand-200 bg-white p-3 pl-4 shadow-lg sm:top-4"
    >
      <RefreshCw className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <p role="status" className="flex-1 text-sm font-semibold text-slate-900">
        <Trans>A new version is available</Trans>
      </p>
      <Button
        size="sm"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void reload();
        }}
      >
        <Trans>Reload</Trans>
      </Button>
    </section>
  );
}
