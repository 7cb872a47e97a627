import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUDIT_ACTIONS } from '@pushup/shared';
import { Download, ScrollText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadFailure } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Field, FormError } from '@/components/ui/field';
import {
  type AuditFilter,
  type AuditLine,
  NO_FILTER,
  useAuditExport,
  useAuditTrail,
} from '@/features/admin/api/admin-audit';
import type { DownloadedFile } from '@/lib/api-client';
import { AUDIT_ACTION_NAMES, isAuditAction } from './audit-actions';
import { formatAt } from './format-at';
import { selectClasses } from './select-classes';

/** Hands a downloaded file to the browser (the page gives the app's one way of doing it). */
export type SaveFile = (file: DownloadedFile, fallbackName: string) => void;

/** The audit trail: filtered by action, actor, target and days, newest first, and its CSV. */
export function AuditSection({ saveFile }: { saveFile: SaveFile }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const trail = useAuditTrail(filter);
  const download = useAuditExport();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const lines = trail.data?.pages.flatMap((page) => page.lines) ?? [];
  const total = trail.data?.pages[0]?.total ?? 0;
  const exportCsv = () => {
    setDownloadError(null);
    download.mutate(filter, {
      onSuccess: (file) => {
        saveFile(file, 'audit-trail.csv');
        toast.success(t`Audit trail downloaded`);
      },
      onError: (caught) => setDownloadError(caught.message),
    });
  };
  return (
    <SectionCard
      id="admin-audit"
      title={t`Audit trail`}
      icon={<ScrollText className="size-5" />}
      description={t`What operators changed, by whom and when, newest first.`}
      actions={
        <Button variant="secondary" size="sm" loading={download.isPending} onClick={exportCsv}>
          <Download className="size-4" aria-hidden="true" />
          <Trans>Download CSV</Trans>
        </Button>
      }
    >
      <FormError message={downloadError} />
      <AuditFilterForm
        filter={filter}
        searching={trail.isFetching && !trail.isFetchingNextPage}
        onApply={setFilter}
      />
      {trail.isPending ? (
        <p role="status" className="py-6 text-center text-slate-600">
          <Trans>Loading the audit trail…</Trans>
        </p>
      ) : trail.isError && lines.length === 0 ? (
        <LoadFailure
          title={t`Could not load the audit trail.`}
          error={trail.error}
          retrying={trail.isFetching}
          onRetry={() => void trail.refetch()}
        />
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-600">
            {t`${plural(total, { one: '# line', other: '# lines' })}`}
          </p>
          {lines.length > 0 && (
            <ol aria-label={t`Audit trail`} className="divide-y divide-slate-200">
              {lines.map((line) => (
                <AuditRow key={line.id} line={line} />
              ))}
            </ol>
          )}
          {trail.isError && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {trail.error.message}
            </p>
          )}
          {trail.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-4"
              loading={trail.isFetchingNextPage}
              onClick={() => void trail.fetchNextPage()}
            >
              <Trans>Show older lines</Trans>
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}

/** The filter's form: applied on 'Filter'; a range that ends before it starts is said at 'To'. */
function AuditFilterForm({
  filter,
  searching,
  onApply,
}: {
  filter: AuditFilter;
  searching: boolean;
  onApply: (filter: AuditFilter) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState<AuditFilter>(filter);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const edit = (field: keyof AuditFilter, value: string) => {
    setDraft((old) => ({ ...old, [field]: value }));
    if (field === 'from' || field === 'to') setRangeError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(t`The last day cannot be before the first.`);
      return;
    }
    onApply({ ...draft, actor: draft.actor.trim(), target: draft.target.trim() });
  };
  return (
    <search className="mb-4 rounded-xl border border-slate-200 bg-slate-50/70 p-4">
      <form onSubmit={submit} noValidate>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <div className="col-span-2 lg:col-span-1">
            <label htmlFor={`${id}-action`} className="mb-1.5 block text-sm font-semibold text-slate-800">
              <Trans>Action</Trans>
            </label>
            <select
              id={`${id}-action`}
              className={selectClasses}
              value={draft.action}
              onChange={(event) => edit('action', event.target.value)}
            >
              <option value="">{t`Every action`}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {i18n._(AUDIT_ACTION_NAMES[action])}
                </option>
              ))}
            </select>
          </div>
          <Field
            className="col-span-2 sm:col-span-1"
            id={`${id}-actor`}
            label={t`Actor`}
            value={draft.actor}
            maxLength={200}
            onChange={(event) => edit('actor', event.target.value)}
          />
          <Field
            className="col-span-2 sm:col-span-1 lg:col-span-1"
            id={`${id}-target`}
            label={t`Target`}
            value={draft.target}
            maxLength={200}
            onChange={(event) => edit('target', event.target.value)}
          />
          <Field
            className="col-span-2 sm:col-span-1"
            id={`${id}-from`}
            label={t`From`}
            type="date"
            value={draft.from}
            onChange={(event) => edit('from', event.target.value)}
          />
          <Field
            className="col-span-2 sm:col-span-1"
            id={`${id}-to`}
            label={t`To`}
            type="date"
            value={draft.to}
            error={rangeError}
            onChange={(event) => edit('to', event.target.value)}
          />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={searching}>
            <Trans>Filter</Trans>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(NO_FILTER);
              setRangeError(null);
              onApply(NO_FILTER);
            }}
          >
            <Trans>Clear filter</Trans>
          </Button>
        </div>
      </form>
    </search>
  );
}

function AuditRow({ line }: { line: AuditLine }) {
  const { i18n } = useLingui();
  const at = formatAt(line.at);
  const action = isAuditAction(line.action) ? i18n._(AUDIT_ACTION_NAMES[line.action]) : line.action;
  return (
    <li className="py-3" data-action={line.action}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">{action}</p>
        {line.target && <p className="font-mono text-sm break-all text-slate-800">{line.target}</p>}
      </div>
      <p className="mt-0.5 text-sm break-words text-slate-600">
        <time dateTime={line.at}>{at}</time> · {line.actor} · {line.source}
      </p>
      {line.detail && <p className="mt-0.5 text-sm break-words text-slate-700">{line.detail}</p>}
    </li>
  );
}
