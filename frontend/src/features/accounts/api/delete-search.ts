/** DELETE /api/history/:id/: delete one saved search. */
import { api } from '@/lib/api-client';
import { useHistoryMutation } from './history-mutation';

export const useDeleteSearch = () => useHistoryMutation((id: string) => api(`/api/history/${id}/`, { method: 'DELETE' }));
