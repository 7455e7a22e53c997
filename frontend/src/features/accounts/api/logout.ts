/** POST /api/accounts/logout/. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys, historyKeys, noteKeys } from './keys';

/** Log out: forget the user at once and drop their data from the cache (refetching it would only get 401s). */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (_: void) => api('/api/accounts/logout/', { method: 'POST' }),
    onSuccess: () => {
      client.setQueryData(accountKeys.me(), null);
      client.removeQueries({ queryKey: historyKeys.all });
      client.removeQueries({ queryKey: noteKeys.all });
      client.removeQueries({ queryKey: accountKeys.topics() });
    },
  });
}
