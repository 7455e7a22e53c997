import { useQuery } from '@tanstack/react-query';
import { api, apiFetch, retryDelay, shouldRetry } from '@/lib/api-client';

export interface DocumentDetail {
  pmid: string;
  title: string;
  abstract: string;
  year: number | null;
  journal: string;
  authors?: string[];
  doi?: string;
  pmcid?: string;
  retracted?: boolean;
  mesh: string[];
  publication_types: string[];
  metrics?: Record<string, unknown> | null;
  full_text_url?: string | null;
  /** false: PMC has no open-access copy; null: not known (PubMed Central was not reached). */
  open_access?: boolean | null;
}

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
