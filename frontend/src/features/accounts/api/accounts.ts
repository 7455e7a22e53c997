/**
 * Accounts API (session cookie + CSRF). Shapes follow the agreed routes; list endpoints may be plain arrays
 * or DRF pages ({results: [...]}) — `unwrap` accepts both.
 */
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface User {
  id: number;
  username: string;
  email?: string;
}

export interface HistoryItem {
  id: string;
  question: string;
  title?: string;
  display_title?: string;
  status?: string;
  folder: number | null;
  created_at?: string;
  created?: string;
}

export interface Folder {
  id: number;
  name: string;
}

export interface Note {
  id: number;
  pmid: string;
  text: string;
  created_at?: string;
  updated_at?: string;
}

export interface Topic {
  topic: string;
  count: number;
}

export interface Credentials {
  username: string;
  password: string;
  email?: string;
}

export function unwrap<T>(body: T[] | { results: T[] } | null): T[] {
  if (!body) return [];
  return Array.isArray(body) ? body : body.results ?? [];
}

export const meKey = ['accounts', 'me'] as const;

/**
 * The signed-in user, or null when signed out. Asks /api/accounts/session/, which answers 200 either way: the
 * browser logs every 401 as a console error, and "nobody is signed in" is not an error.
 */
export async function getMe(): Promise<User | null> {
  try {
    const session = await api<{ authenticated: boolean; user: User | null }>('/api/accounts/session/');
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
      await client.invalidateQueries({ queryKey: ['history'] });
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
      client.removeQueries({ queryKey: ['history'] });
      client.removeQueries({ queryKey: ['notes'] });
      client.removeQueries({ queryKey: ['accounts', 'topics'] });
    },
  });
}

export function useHistory(enabled: boolean) {
  return useQuery({
    queryKey: ['history'],
    queryFn: async () => unwrap(await api<HistoryItem[] | { results: HistoryItem[] }>('/api/history/')),
    enabled,
  });
}

export function useFolders(enabled: boolean) {
  return useQuery({
    queryKey: ['history', 'folders'],
    queryFn: async () => unwrap(await api<Folder[] | { results: Folder[] }>('/api/folders/')),
    enabled,
  });
}

/** History changes also change the top topics (a deleted search's topics must go at once, not on reload). */
function useHistoryMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ['history'] }), client.invalidateQueries({ queryKey: ['accounts', 'topics'] })]),
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
    queryFn: async () => unwrap(await api<Topic[] | { results: Topic[] }>('/api/accounts/topics/')),
    enabled,
  });
}

export function useNotes(enabled: boolean, pmid?: string) {
  return useQuery({
    queryKey: ['notes', pmid ?? 'all'],
    queryFn: async () =>
      unwrap(await api<Note[] | { results: Note[] }>(pmid ? `/api/notes/?pmid=${encodeURIComponent(pmid)}` : '/api/notes/')),
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
      queryFn: ({ signal }: { signal: AbortSignal }) => api<{ title: string }>(`/api/documents/${encodeURIComponent(pmid)}/`, { signal }),
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
