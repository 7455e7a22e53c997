/**
 * GET /api/history/: every search of the signed-in user. The endpoint is paginated (limit/offset, 50 by default),
 * so one request showed at most 50 searches and miscounted the folders (issue 14); this pages through all of them.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HistoryItem, HistoryPage } from '@/types/api';
import { historyKeys } from './keys';

/** Items asked for per request: the server's `max_limit`, so a long history takes few requests. */
export const HISTORY_PAGE_SIZE = 500;

/**
 * Every history item, newest first. Pages by offset until `count` items are in (or a page comes back empty),
 * so a server whose pages are smaller than asked for is still read to the end.
 */
export async function getAllHistory(signal?: AbortSignal): Promise<HistoryItem[]> {
  const items: HistoryItem[] = [];
  for (;;) {
    const page = await api<HistoryPage>(`/api/history/?limit=${HISTORY_PAGE_SIZE}&offset=${items.length}`, { signal });
    items.push(...page.results);
    if (page.results.length === 0 || items.length >= page.count) return items;
  }
}

export function useHistory(enabled: boolean) {
  return useQuery({ queryKey: historyKeys.list(), queryFn: ({ signal }) => getAllHistory(signal), enabled });
}
