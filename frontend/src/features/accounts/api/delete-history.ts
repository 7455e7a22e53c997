/** DELETE /api/history/: delete the whole history. */
import { api } from '@/lib/api-client';
import { useHistoryMutation } from './history-mutation';

export const useDeleteAllHistory = () => useHistoryMutation((_: void) => api('/api/history/', { method: 'DELETE' }));
