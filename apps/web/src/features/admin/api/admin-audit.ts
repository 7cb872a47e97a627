import { t } from '@lingui/core/macro';
import { type AnswerOf, adminInstanceCalls, pathOf } from '@pushup/shared';
import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiRequest, callApi, type DownloadedFile, withFallbackMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { NOT_STORED_ON_DEVICE } from '@/lib/offline/query-persistence';
import { adminKey } from './admin-query';

/** The trail's filter as the form holds it: '' is no filter. */
export interface AuditFilter {
  action: string;
  actor: string;
  target: string;
  from: string;
  to: string;
}

export const NO_FILTER: AuditFilter = { action: '', actor: '', target: '', from: '', to: '' };

const PAGE = 50;

/** The filter's parts that are set, as the calls' query string takes them. */
function filterQuery(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
}

/** GET /api/admin/audit: the trail under `filter`, newest first, a page at a time. */
export function useAuditTrail(filter: AuditFilter) {
  const user = useCurrentUser();
  return useInfiniteQuery({
    queryKey: [...adminKey(user.uid), 'audit', filter],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      withFallbackMessage(t`Could not load the audit trail.`, () =>
        callApi(adminInstanceCalls.audit, {
          query: { ...filterQuery(filter), offset: pageParam, limit: PAGE },
          signal,
        }),
      ).then((page) => ({ ...page, offset: pageParam })),
    getNextPageParam: (page) =>
      page.offset + page.lines.length < page.total ? page.offset + page.lines.length : undefined,
    meta: NOT_STORED_ON_DEVICE,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export type AuditLine = AnswerOf<typeof adminInstanceCalls.audit>['lines'][number];

/**
 * GET /api/admin/audit/export: the CSV of the trail under `filter` (a file the page hands to the
 * browser's download).
 */
export function useAuditExport() {
  return useMutation({
    mutationFn: (filter: AuditFilter) => {
      const query = new URLSearchParams(filterQuery(filter)).toString();
      return withFallbackMessage(t`Could not download the audit trail.`, () =>
        apiRequest<DownloadedFile>(`${pathOf(adminInstanceCalls.auditExport)}${query ? `?${query}` : ''}`, {
          download: true,
          timeoutMs: 60_000,
        }),
      );
    },
  });
}
