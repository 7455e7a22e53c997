/** GET /api/notes/ (every note) or /api/notes/?pmid= (one study's). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Note } from '@/types/api';
import { noteKeys } from './keys';

export function useNotes(enabled: boolean, pmid?: string) {
  return useQuery({
    queryKey: noteKeys.list(pmid),
    queryFn: ({ signal }) => api<Note[]>(pmid ? `/api/notes/?pmid=${encodeURIComponent(pmid)}` : '/api/notes/', { signal }),
    enabled,
  });
}
