import { usersCalls } from '@pushup/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** DELETE /api/users/me: removes the account and everything in it (the caller then signs out). */
async function deleteAccount(): Promise<void> {
  await callApi(usersCalls.deleteAccount);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
