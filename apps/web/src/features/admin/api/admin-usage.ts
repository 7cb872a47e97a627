import { t } from '@lingui/core/macro';
import { adminInstanceCalls } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { adminQuery } from './admin-query';

export function useUsage() {
  const user = useCurrentUser();
  return useQuery(
    adminQuery(user.uid, ['usage'], t`Could not load the usage.`, (signal) =>
      callApi(adminInstanceCalls.usage, { signal }),
    ),
  );
}
