/** PUT /api/searches/:id/schedule/: how often to re-run the search (null: never). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LivingSchedule, ScheduleEvery } from '@/types/api';
import { livingKeys } from './keys';

export function setSchedule(id: string, every: ScheduleEvery | null): Promise<{ schedule: LivingSchedule | null }> {
  return api(`/api/searches/${encodeURIComponent(id)}/schedule/`, { method: 'PUT', body: { every } });
}

export function useSetSchedule(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (every: ScheduleEvery | null) => setSchedule(id, every),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: livingKeys.search(id) }),
  });
}
