import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded component that queries, with TanStack Query's provider around it: the
 * first page loads no TanStack Query, which comes with the first part that needs it. Every provider
 * holds the same client (lib/query-client.ts), so the parts share one cache.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => {
    const [Component, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    return {
      default: (props: P) => (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      ),
    };
  });
}
