/** GET /api/documents/:pmid/pdf: the open-access PDF bytes (streamed by our server from PMC). */
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { documentKeys } from './keys';

/** 404 = not open access, 503 = PMC unreachable. */
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
