/** POST /api/folders/. */
import { api } from '@/lib/api-client';
import type { Folder } from '@/types/api';
import { useHistoryMutation } from './history-mutation';

export const useCreateFolder = () =>
  useHistoryMutation((name: string) => api<Folder>('/api/folders/', { method: 'POST', body: { name } }));
