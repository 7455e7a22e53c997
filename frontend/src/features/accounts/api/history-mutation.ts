import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, historyKeys } from './keys';

/** History changes also change the top topics (a deleted search's topics must go at once, not on reload). */
export function useHistoryMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: historyKeys.all }), client.invalidateQueries({ queryKey: accountKeys.topics() })]),
  });
}
