/** DELETE /api/folders/:id/. */
import { api } from '@/lib/api-client';
import { useHistoryMutation } from './history-mutation';

export const useDeleteFolder = () => useHistoryMutation((id: number) => api(`/api/folders/${id}/`, { method: 'DELETE' }));
