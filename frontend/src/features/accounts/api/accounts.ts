/**
 * Accounts API (session cookie + CSRF). The shapes are the generated ones (@/types/api); the history list lives in
 * get-history.ts (it pages through the whole history).
 */
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Credentials, DocumentDetail, Folder, Note, Session, Topic, User } from '@/types/api';
import { historyKeys } from './get-history';

export type { Credentials, Folder, HistoryItem, Note, Topic, User } from '@/types/api';
export { useHistory } from './get-history';

export const meKey = ['accounts', 'me'] as const;

/**
 * The signed-in user, or null when signed out. Asks /api/accounts/session/, which answers 200 either way: the
 * browser logs every 401 as a console error, and "nobody is signed in" is not an error.
 */
export async function getMe(): Promise<User | null> {
  try {
    const session = await api<Session>('/api/accounts/session/');
    return session?.authenticated ? session.user : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: getMe, staleTime: 60_000, retry: false });
}

function useSession<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['accounts'] });
      await client.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}

export const useLogin = () => useSession((c: Credentials) => api('/api/accounts/login/', { method: 'POST', body: c }));
export const useSignup = () => useSession((c: Credentials) => api('/api/accounts/signup/', { method: 'POST', body: c }));
/** Log out: forget the user at once and drop their data from the cache (refetching it would only get 401s). */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (_: void) => api('/api/accounts/logout/', { method: 'POST' }),
    onSuccess: () => {
      client.setQueryData(meKey, null);
      client.removeQueries({ queryKey: historyKeys.all });
      client.removeQueries({ queryKey: ['notes'] });
      client.removeQueries({ queryKey: ['accounts', 'topics'] });
    },
  });
}

export function useFolders(enabled: boolean) {
  return useQuery({
    queryKey: [...historyKeys.all, 'folders'],
    queryFn: ({ signal }) => api<Folder[]>('/api/folders/', { signal }),
    enabled,
  });
}

/** History changes also change the top topics (a deleted search's topics must go at once, not on reload). */
function useHistoryMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: historyKeys.all }), client.invalidateQueries({ queryKey: ['accounts', 'topics'] })]),
  });
}

export const useRenameSearch = () =>
  useHistoryMutation(({ id, title }: { id: string; title: string }) => api(`/api/history/${id}/`, { method: 'PATCH', body: { title } }));
export const useMoveSearch = () =>
  useHistoryMutation(({ id, folder }: { id: string; folder: number | null }) =>
    api(`/api/history/${id}/`, { method: 'PATCH', body: { folder } }),
  );
export const useDeleteSearch = () => useHistoryMutation((id: string) => api(`/api/history/${id}/`, { method: 'DELETE' }));
export const useDeleteAllHistory = () => useHistoryMutation((_: void) => api('/api/history/', { method: 'DELETE' }));
export const useCreateFolder = () =>
  useHistoryMutation((name: string) => api<Folder>('/api/folders/', { method: 'POST', body: { name } }));
export const useDeleteFolder = () => useHistoryMutation((id: number) => api(`/api/folders/${id}/`, { method: 'DELETE' }));

export function useTopics(enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'topics'],
    queryFn: ({ signal }) => api<Topic[]>('/api/accounts/topics/', { signal }),
    enabled,
  });
}

export function useNotes(enabled: boolean, pmid?: string) {
  return useQuery({
    queryKey: ['notes', pmid ?? 'all'],
    queryFn: ({ signal }) => api<Note[]>(pmid ? `/api/notes/?pmid=${encodeURIComponent(pmid)}` : '/api/notes/', { signal }),
    enabled,
  });
}

function useNoteMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['notes'] }) });
}

export const useAddNote = () =>
  useNoteMutation(({ pmid, text }: { pmid: string; text: string }) => api<Note>('/api/notes/', { method: 'POST', body: { pmid, text } }));
export const useDeleteNote = () => useNoteMutation((id: number) => api(`/api/notes/${id}/`, { method: 'DELETE' }));

/**
 * Study titles for a list of PMIDs (the notes list names studies, not "PMID 12667107"). Shares the document
 * page's cache key, so a study opened before costs no request.
 */
export function useStudyTitles(pmids: string[]): Map<string, string> {
  const unique = [...new Set(pmids)];
  const results = useQueries({
    queries: unique.map((pmid) => ({
      queryKey: ['documents', pmid],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<DocumentDetail>(`/api/documents/${encodeURIComponent(pmid)}/`, { signal }),
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
