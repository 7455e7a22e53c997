import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, historyKeys } from './keys';

/** Signing in or up changes who the data belongs to: refetch everything per-user once it succeeds. */
export function useSessionMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: accountKeys.all });
      await client.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}
