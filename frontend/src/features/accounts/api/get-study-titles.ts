/** GET /api/documents/:pmid/ for each noted study, to name it. */
import { useQueries } from '@tanstack/react-query';
import { documentKeys, getDocument } from '@/features/documents';

/**
 * Study titles for a list of PMIDs (the notes list names studies, not "PMID 12667107"). Shares the document
 * page's cache key (the documents feature's `documentKeys.detail`), so a study opened before costs no request.
 */
export function useStudyTitles(pmids: string[]): Map<string, string> {
  const unique = [...new Set(pmids)];
  const results = useQueries({
    queries: unique.map((pmid) => ({
      queryKey: documentKeys.detail(pmid),
      queryFn: ({ signal }: { signal: AbortSignal }) => getDocument(pmid, signal),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const titles = new Map<string, string>();
  results.forEach((r, i) => {
    if (r.data?.title) titles.set(unique[i], r.data.title);
  });
  return titles;
}
