import { t } from '@lingui/core/macro';
import { adminUsersCalls } from '@pushup/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { adminQuery } from './admin-query';

/**
 * GET /api/admin/access: whether the signed-in user is an operator of this instance. Asked once a
 * session and kept: a grant or a revoke shows after the next sign-in or reload, and every admin
 * call checks again on the server anyway.
 */
export function useOperatorAccess() {
  const user = useCurrentUser();
  return useQuery({
    ...adminQuery(user.uid, ['access'], t`Could not check your admin access.`, (signal) =>
      callApi(adminUsersCalls.access, { signal }),
    ),
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.operator,
  });
}
