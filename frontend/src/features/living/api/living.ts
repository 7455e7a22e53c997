import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Changes, CreatedSearch, LivingSchedule, ScheduleEvery } from '@/types/api';

/** Living questions (search/api/living.py): re-run my search, what changed since the run it re-ran, the schedule. */

/** Under the search's own key, so refreshing a search (['searches', id]) refreshes its comparison too. */
export const changesQueryKey = (id: string) => ['searches', id, 'changes'] as const;

export function rerunSearch(id: string): Promise<CreatedSearch> {
  return api<CreatedSearch>(`/api/searches/${encodeURIComponent(id)}/rerun/`, { method: 'POST' });
}

export function getChanges(id: string, signal?: AbortSignal): Promise<Changes> {
  return api<Changes>(`/api/searches/${encodeURIComponent(id)}/changes/`, { signal });
}

export function setSchedule(id: string, every: ScheduleEvery | null): Promise<{ schedule: LivingSchedule | null }> {
  return api(`/api/searches/${encodeURIComponent(id)}/schedule/`, { method: 'PUT', body: { every } });
}

export function useRerun(id: string, { onCreated }: { onCreated: (created: CreatedSearch) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rerunSearch(id),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['searches', id] }); // its `living.reruns` now lists the new run
      onCreated(created);
    },
  });
}

/** Fetched only when asked for (the panel is opened) and the re-run has finished. */
export function useChanges(id: string, enabled: boolean) {
  return useQuery({ queryKey: changesQueryKey(id), queryFn: ({ signal }) => getChanges(id, signal), enabled, retry: 1 });
}

export function useSetSchedule(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (every: ScheduleEvery | null) => setSchedule(id, every),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['searches', id] }),
  });
}
