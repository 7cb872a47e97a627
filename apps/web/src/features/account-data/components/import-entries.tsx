import { IMPORT_MAX_BYTES, type ImportResult } from '@pushup/shared';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { TableHeader } from '@/components/ui/table';
import { accountDataTexts } from '@/features/account-data/account-data-texts';
import { useCommitImport, usePreviewImport } from '@/features/account-data/api/import-entries';
import { failureMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { localizeDailyLimit, localizeMessage, sharedTextsNow } from '@/lib/i18n/catalog';
import { errorText } from '@/lib/i18n/error-text';

interface Chosen {
  name: string;
  csv: string;
  preview: ImportResult;
}

/** A refused row's reason in the active language: the server writes the shared texts in English. */
function refusalReason(reason: string): string {
  return localizeDailyLimit(reason) ?? localizeMessage(reason);
}

/** What the preview found: the numbers, then every refused row with its reason. */
function Preview({ chosen }: { chosen: Chosen }) {
  const T = accountDataTexts();
  const { preview } = chosen;
  const hidden = preview.refusedCount - preview.refused.length;
  return (
    <>
      <h4 className="font-semibold text-slate-900">{T.previewHeading(chosen.name)}</h4>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        <li>{T.rowsRead(preview.rowsRead)}</li>
        <li className="font-semibold text-slate-900">
          {T.toImport(preview.entries, preview.pushups, preview.days)}
        </li>
        <li>{T.duplicates(preview.duplicates)}</li>
        <li className={cn(preview.refusedCount > 0 && 'font-semibold text-red-800')}>
          {T.refused(preview.refusedCount)}
        </li>
      </ul>
      {preview.refused.length > 0 && (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label={T.refusedCaption}
          className="mt-3 max-h-64 overflow-auto rounded-xl border border-slate-200"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{T.refusedCaption}</caption>
            <TableHeader
              className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              columns={[
                { label: T.row, className: 'w-36 px-3 py-2' },
                { label: T.reason, className: 'px-3 py-2' },
              ]}
            />
            <tbody>
              {preview.refused.map((row) => (
                <tr key={row.line} className="border-t border-slate-100 align-top">
                  {/* The line and the row's text stacked: at 375 px three columns left the reason a word wide. */}
                  <td className="max-w-36 px-3 py-2">
                    <span className="block text-xs text-slate-600 tabular-nums">{T.line(row.line)}</span>
                    <code title={row.text} className="block truncate font-mono text-xs text-slate-800">
                      {row.text}
                    </code>
                  </td>
                  <td className="px-3 py-2 text-slate-800">{refusalReason(row.reason)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {hidden > 0 && <p className="mt-2 text-sm text-slate-600">{T.moreRefused(hidden)}</p>}
    </>
  );
}

/**
 * Import entries (docs/product.md, "Import"): a CSV file is read in the browser, previewed by the
 * server (nothing written), then imported with the preview's count, all at once, or cancelled.
 */
export function ImportEntries() {
  const T = accountDataTexts();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const busy = preview.isPending || commit.isPending;

  const reset = () => {
    setChosen(null);
    setError(null);
    if (input.current) input.current.value = '';
  };

  const read = async (name: string, csv: string) => {
    setError(null);
    try {
      setChosen({ name, csv, preview: await preview.mutateAsync(csv) });
    } catch (caught) {
      setChosen(null);
      setError(failureMessage(T.previewFailed, caught));
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setChosen(null);
      setError(sharedTextsNow().importTooLargeMessage(IMPORT_MAX_BYTES));
      return;
    }
    await read(file.name, await file.text());
  };

  const onImport = async () => {
    if (!chosen) return;
    setError(null);
    try {
      const done = await commit.mutateAsync({ csv: chosen.csv, expectedEntries: chosen.preview.entries });
      toast.success(T.imported(done.entries));
      reset();
    } catch (caught) {
      // The entries changed since the preview: show what the file would do now.
      if (isApiError(caught) && caught.code === 'CONFLICT') await read(chosen.name, chosen.csv);
      setError(
        isApiError(caught) && caught.serverMessage
          ? `${T.importFailed}: ${errorText(caught.code, caught.serverMessage)}`
          : failureMessage(T.importFailed, caught),
      );
    }
  };

  return (
    <div>
      <h3 className="font-semibold text-slate-900">{T.importTitle}</h3>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {T.importHint}
      </p>
      <div className="mt-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => void onFile(event)}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            'secondary',
            'md',
            cn(
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
              busy && 'pointer-events-none opacity-60',
            ),
          )}
        >
          <Upload className="size-4" aria-hidden="true" />
          {T.importTitle}
        </label>
      </div>
      <div aria-live="polite" className="mt-3">
        {preview.isPending && (
          <p role="status" className="text-sm text-slate-600">
            {T.reading}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        {chosen && !preview.isPending && (
          <div className="mt-2 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
            <Preview chosen={chosen} />
            {chosen.preview.entries === 0 && (
              <p className="mt-3 text-sm text-slate-700">{T.nothingToImport}</p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              {chosen.preview.entries > 0 && (
                <Button loading={commit.isPending} onClick={() => void onImport()}>
                  {T.importEntries(chosen.preview.entries)}
                </Button>
              )}
              <Button variant="secondary" disabled={commit.isPending} onClick={reset}>
                {T.cancel}
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
