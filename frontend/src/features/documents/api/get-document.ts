import { useQuery } from '@tanstack/react-query';
import { api, apiFetch, retryDelay, shouldRetry } from '@/lib/api-client';
import type { DocumentDetail } from '@/types/api';

/** Query keys of the documents cache (the accounts notes list shares `detail` to name studies). */
export const documentKeys = {
  all: ['documents'] as const,
  detail: (pmid: string) => [...documentKeys.all, pmid] as const,
  pdf: (pmid: string) => [...documentKeys.detail(pmid), 'pdf'] as const,
};

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

/** The open-access PDF bytes (streamed by our server from PMC); 404 = not open access, 503 = PMC unreachable. */
export async function getPdf(pmid: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await apiFetch(`/api/documents/${encodeURIComponent(pmid)}/pdf`, { signal });
  return new Uint8Array(await response.arrayBuffer());
}

export function usePdf(pmid: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.pdf(pmid),
    queryFn: ({ signal }) => getPdf(pmid, signal),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
