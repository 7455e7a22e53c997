import { useQuery } from '@tanstack/react-query';
import { api, retryDelay, shouldRetry } from '@/lib/api-client';
import type { SearchDocument } from '@/types/api';

// A cold search shows its papers after about 1 s and is done after about 2.5 s (README,
// "Service end to end"): polling every 1.5 s showed each step up to 1.5 s late.
export const POLL_MS = 500;

export const searchQueryKey = (id: string) => ['searches', id] as const;

export function getSearch(id: string, signal?: AbortSignal): Promise<SearchDocument> {
  return api<SearchDocument>(`/api/searches/${encodeURIComponent(id)}/`, { signal });
}

export const isFinished = (doc: SearchDocument | undefined): boolean => doc?.status === 'done' || doc?.status === 'failed';

/** The result document, polled until the search is done or failed (papers, stance and answer fill in meanwhile). */
export function useSearch(id: string) {
  return useQuery({
    queryKey: searchQueryKey(id),
    queryFn: ({ signal }) => getSearch(id, signal),
    refetchInterval: (query) => (isFinished(query.state.data) || (query.state.error && !query.state.data) ? false : POLL_MS),
    retry: (count, error) => shouldRetry(count, error),
    retryDelay,
  });
}
