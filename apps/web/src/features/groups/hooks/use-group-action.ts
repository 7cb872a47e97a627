import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { refreshGroupData } from '@/features/groups/api/group-keys';
import { useCurrentUser } from '@/lib/auth';

/**
 * One group action as a mutation: a success toast worded by `success`, a failure toast with the
 * error's message (already the text to show, docs/product.md, "Messages"), and after either outcome
 * refreshGroupData. The mutation stays pending until the refreshed data is in, so a row never
 * shows its old state after its button stopped spinning.
 */
export function useGroupAction<Variables, Result = unknown>({
  run,
  success,
  fallback,
  onSuccess,
}: {
  run: (variables: Variables) => Promise<Result>;
  /** The success toast; null when something else tells the user (a copied link's toast). */
  success: (variables: Variables, result: Result) => string | null;
  /** The failure text when an error carries none. */
  fallback: string;
  /** Runs before the refresh (e.g. to drop a group that is gone from the cached list). */
  onSuccess?: (variables: Variables, result: Result) => void;
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation<Result, Error, Variables>({
    mutationFn: run,
    onSuccess: (result, variables) => {
      onSuccess?.(variables, result);
      const message = success(variables, result);
      if (message !== null) toast.success(message);
    },
    onError: (error) => {
      toast.error(error.message || fallback);
    },
    onSettled: () => refreshGroupData(queryClient, user.uid),
  });
}
