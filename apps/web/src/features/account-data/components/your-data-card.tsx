import { Database, Download, FileSpreadsheet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/card';
import { ACCOUNT_DATA_TEXTS as T } from '../account-data-texts';
import { useDownload } from '../api/downloads';
import { ImportEntries } from './import-entries';
import { LeaderboardVisibility } from './leaderboard-visibility';

/** 'Download my data' (JSON) and 'Download entries (CSV)' (docs/product.md, "Export"). */
function Downloads() {
  const download = useDownload();
  const pending = download.isPending ? download.variables : null;
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{T.downloadTitle}</h3>
      <ul className="mt-3 space-y-3">
        <li>
          <Button
            variant="secondary"
            loading={pending === 'all'}
            disabled={download.isPending}
            onClick={() => download.mutate('all')}
            aria-describedby="download-all-hint"
          >
            <Download className="size-4" aria-hidden="true" />
            {T.downloadAll}
          </Button>
          <p id="download-all-hint" className="mt-1 text-sm text-slate-600">
            {T.downloadAllHint}
          </p>
        </li>
        <li>
          <Button
            variant="secondary"
            loading={pending === 'entries'}
            disabled={download.isPending}
            onClick={() => download.mutate('entries')}
            aria-describedby="download-entries-hint"
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            {T.downloadEntries}
          </Button>
          <p id="download-entries-hint" className="mt-1 text-sm text-slate-600">
            {T.downloadEntriesHint}
          </p>
        </li>
      </ul>
    </div>
  );
}

/**
 * The profile's Your data card (docs/product.md, "Your data"): the downloads, the leaderboard
 * choice, and the import of entries with its preview.
 */
export function YourDataCard() {
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
