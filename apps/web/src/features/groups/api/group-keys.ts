import type { QueryClient } from '@tanstack/react-query';
import { clearGroupCaches } from '../../../lib/session-cache';

/**
 * Every group query key starts with ['groups', uid]; after a group action `refreshGroupData`
 * refetches the user's groups, pending requests and quota (docs/product.md, "Caching and refresh").
 */
export const groupsKey = (uid: string) => ['groups', uid] as const;

/** After any group action: the user's groups, pending requests and quota (docs/product.md, "Calls"). */
export function refreshGroupData(queryClient: QueryClient, uid: string): Promise<void> {
  clearGroupCaches();
  return queryClient.invalidateQueries({ queryKey: groupsKey(uid) });
}
