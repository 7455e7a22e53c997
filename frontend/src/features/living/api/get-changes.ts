/** GET /api/searches/:id/changes/: what changed since the run it re-ran. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Changes } from '@/types/api';
import { livingKeys } from './keys';

export function getChanges(id: string, signal?: AbortSignal): Promise<Changes> {
  return api<Changes>(`/api/searches/${encodeURIComponent(id)}/changes/`, { signal });
}

/** Fetched only when asked for (the panel is opened) and the re-run has finished. */
export function useChanges(id: string, enabled: boolean) {
  return useQuery({ queryKey: livingKeys.changes(id), queryFn: ({ signal }) => getChanges(id, signal), enabled, retry: 1 });
}
