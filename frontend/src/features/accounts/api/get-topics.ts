/** GET /api/accounts/topics/: the user's top topics. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Topic } from '@/types/api';
import { accountKeys } from './keys';

export function useTopics(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.topics(),
    queryFn: ({ signal }) => api<Topic[]>('/api/accounts/topics/', { signal }),
    enabled,
  });
}
