import { useQuery } from '@tanstack/react-query';
import { api, apiFetch, retryDelay, shouldRetry } from '@/lib/api-client';
import type { DocumentDetail } from '@/types/api';

export function getDocument(pmid: string, signal?: AbortSignal): Promise<DocumentDetail> {
  return api<DocumentDetail>(`/api/documents/${encodeURIComponent(pmid)}/`, { signal });
}

export function useDocument(pmid: string) {
  return useQuery({
    queryKey: ['documents', pmid],
    queryFn: ({ signal }) => getDocument(pmid, signal),
    retry: (count, error) => shouldRetry(count, error, 2),
    retryDelay,
  });
}

/** The open-access PDF bytes (streamed by our server from PMC); 404 = not open access, 503 = PMC unreachable. */
export async function getPdf(pmid: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await apiFetch(`/api/documents/${encodeURIComponent(pmid)}/pdf`, { signal });
  return new Uint8Array(await response.arrayBuffer());
}

export function usePdf(pmid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['documents', pmid, 'pdf'],
    queryFn: ({ signal }) => getPdf(pmid, signal),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
