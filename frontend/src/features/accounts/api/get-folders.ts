/** GET /api/folders/. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Folder } from '@/types/api';
import { historyKeys } from './keys';

export function useFolders(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.folders(),
    queryFn: ({ signal }) => api<Folder[]>('/api/folders/', { signal }),
    enabled,
  });
}
