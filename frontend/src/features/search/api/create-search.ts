/** POST /api/searches/: ask a question. */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreatedSearch, SearchRequest } from '@/types/api';

export function createSearch(request: SearchRequest): Promise<CreatedSearch> {
  return api<CreatedSearch>('/api/searches/', { method: 'POST', body: request });
}

export function useCreateSearch({ onCreated }: { onCreated: (created: CreatedSearch) => void }) {
  return useMutation({ mutationFn: createSearch, onSuccess: onCreated });
}
