/** PATCH /api/history/:id/: rename a saved search or move it to a folder (null: out of any folder). */
import { api } from '@/lib/api-client';
import { useHistoryMutation } from './history-mutation';

export const useRenameSearch = () =>
  useHistoryMutation(({ id, title }: { id: string; title: string }) => api(`/api/history/${id}/`, { method: 'PATCH', body: { title } }));
export const useMoveSearch = () =>
  useHistoryMutation(({ id, folder }: { id: string; folder: number | null }) =>
    api(`/api/history/${id}/`, { method: 'PATCH', body: { folder } }),
  );
