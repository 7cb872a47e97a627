import { QueryClientProvider } from '@tanstack/react-query';
import type { Auth } from 'firebase/auth';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ auth, children }: { auth: Auth; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
