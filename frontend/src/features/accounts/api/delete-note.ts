/** DELETE /api/notes/:id/. */
import { api } from '@/lib/api-client';
import { useNoteMutation } from './note-mutation';

export const useDeleteNote = () => useNoteMutation((id: number) => api(`/api/notes/${id}/`, { method: 'DELETE' }));
