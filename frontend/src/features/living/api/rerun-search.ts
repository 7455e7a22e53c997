/** POST /api/searches/:id/rerun/: re-run my search. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreatedSearch } from '@/types/api';
import { livingKeys } from './keys';

export function rerunSearch(id: string): Promise<CreatedSearch> {
  return api<CreatedSearch>(`/api/searches/${encodeURIComponent(id)}/rerun/`, { method: 'POST' });
}

export function useRerun(id: string, { onCreated }: { onCreated: (created: CreatedSearch) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rerunSearch(id),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: livingKeys.search(id) }); // its `living.reruns` now lists the new run
      onCreated(created);
    },
  });
}
