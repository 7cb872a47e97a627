import type { ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';

/**
 * What every page shares. TanStack Query's provider is not here: it loads with the parts that
 * query (lib/with-queries.tsx), so /login carries none of it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}
