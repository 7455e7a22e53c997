/** POST /api/notes/. */
import { api } from '@/lib/api-client';
import type { Note } from '@/types/api';
import { useNoteMutation } from './note-mutation';

export const useAddNote = () =>
  useNoteMutation(({ pmid, text }: { pmid: string; text: string }) => api<Note>('/api/notes/', { method: 'POST', body: { pmid, text } }));
