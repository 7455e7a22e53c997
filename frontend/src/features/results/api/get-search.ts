/** GET /api/searches/:id/: the result document, followed by long-polling while the search runs. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, ApiError, retryDelay, shouldRetry } from '@/lib/api-client';
import type { ReadingMode, SearchDocument } from '@/types/api';
import { FALLBACK_POLL_MS, isFinished, nextRequestDelay, searchUrl } from './follow';
import { searchKeys } from './keys';

/** One read of the document; with `have`, a long-poll that waits on the server until it differs (follow.ts). */
export function getSearch(id: string, signal?: AbortSignal, have?: SearchDocument, mode?: ReadingMode): Promise<SearchDocument> {
  return api<SearchDocument>(searchUrl(id, have, mode), { signal });
}

/**
 * The result document, followed until the search is done or failed (papers, stance and answer fill in
 * meanwhile): pushed by long-polling, falling back to polling every FALLBACK_POLL_MS when the server
 * cannot wait. One request at a time: no timer runs while a request is waiting on the server.
 */
export function useSearch(id: string, mode?: ReadingMode) {
  const queryClient = useQueryClient();
  const delay = useRef<number | false>(FALLBACK_POLL_MS);
  return useQuery({
    queryKey: searchKeys.detail(id, mode),
    queryFn: async ({ signal }) => {
      const have = queryClient.getQueryData<SearchDocument>(searchKeys.detail(id, mode));
      const next = await getSearch(id, signal, have, mode);
      delay.current = nextRequestDelay(have, next);
      return next;
    },
    refetchInterval: (query) => {
      if (isFinished(query.state.data) || (query.state.error && !query.state.data)) return false;
      if (isGoneError(query.state.error)) return false; // expired or lost: asking again cannot bring it back
      if (query.state.fetchStatus === 'fetching') return false;
      return delay.current === false ? FALLBACK_POLL_MS : delay.current;
    },
    // Switching the reading mode keeps showing this search (in the other mode's words) until the new words arrive.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
    refetchIntervalInBackground: true, // a waiting request costs the server nothing; the answer is ready on return
    retry: (count, error) => shouldRetry(count, error),
    retryDelay,
  });
}

/** A 410: the anonymous result expired or was lost in a restart. */
function isGoneError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 410;
}
