/**
 * Query-key factories of the living feature (living questions, search/api/living.py). Its keys sit under the
 * search's own key (['searches', id], which the results feature reads), so refreshing a search refreshes its
 * comparison too, and a re-run or a schedule change refreshes the search.
 */
export const livingKeys = {
  search: (id: string) => ['searches', id] as const,
  changes: (id: string) => [...livingKeys.search(id), 'changes'] as const,
};
