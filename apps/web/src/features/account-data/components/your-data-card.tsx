import { Database, Download, FileSpreadsheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { accountDataTexts } from '@/features/account-data/account-data-texts';
import { type DownloadKind, useDownload } from '@/features/account-data/api/downloads';
import { ImportEntries } from './import-entries';
import { LeaderboardVisibility } from './leaderboard-visibility';

/** 'Download my data' (JSON) and 'Download entries (CSV)' (docs/product.md, "Export"). */
function Downloads() {
  const T = accountDataTexts();
  // Everything as JSON, and the entries alone as CSV.
  const downloads: { kind: DownloadKind; icon: typeof Download; label: string; hint: string }[] = [
    { kind: 'all', icon: Download, label: T.downloadAll, hint: T.downloadAllHint },
    { kind: 'entries', icon: FileSpreadsheet, label: T.downloadEntries, hint: T.downloadEntriesHint },
  ];
  const download = useDownload();
  const pending = download.isPending ? download.variables : null;
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{T.downloadTitle}</h3>
      <ul className="mt-3 space-y-3">
        {downloads.map(({ kind, icon: Icon, label, hint }) => (
          <li key={kind}>
            <Button
              variant="secondary"
              loading={pending === kind}
              disabled={download.isPending}
              onClick={() => download.mutate(kind)}
              aria-describedby={`download-${kind}-hint`}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Button>
            <p id={`download-${kind}-hint`} className="mt-1 text-sm text-slate-600">
              {hint}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The profile's Your data card (docs/product.md, "Your data"): the downloads, the leaderboard
 * choice, and the import of entries with its preview.
 */
export function YourDataCard() {
  const T = accountDataTexts();
  return (
    <SectionCard
      id="your-data"
      title={T.title}
      icon={<Database className="size-5" />}
      description={T.description}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Downloads />
        <LeaderboardVisibility />
      </div>
      <div className="mt-6 border-t border-slate-200 pt-5">
        <ImportEntries />
      </div>
    </SectionCard>
  );
}
