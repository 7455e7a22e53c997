/** GET /api/documents/:pmid/: one study's record. */
import { useQuery } from '@tanstack/react-query';
import { api, retryDelay, shouldRetry } from '@/lib/api-client';
import type { DocumentDetail } from '@/types/api';
import { documentKeys } from './keys';

export function getDocument(pmid: string, signal?: AbortSignal): Promise<DocumentDetail> {
  return api<DocumentDetail>(`/api/documents/${encodeURIComponent(pmid)}/`, { signal });
}

export function useDocument(pmid: string) {
  return useQuery({
    queryKey: documentKeys.detail(pmid),
    queryFn: ({ signal }) => getDocument(pmid, signal),
    retry: (count, error) => shouldRetry(count, error, 2),
    retryDelay,
  });
}
