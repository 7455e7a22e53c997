/** GET /api/accounts/preferences/: the account's reading mode (`reading_mode: null` when nobody is signed in). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Preferences } from '@/types/api';
import { preferenceKeys } from './keys';

export function usePreferences() {
  return useQuery({
    queryKey: preferenceKeys.detail(),
    queryFn: ({ signal }) => api<Preferences>('/api/accounts/preferences/', { signal }),
    staleTime: Infinity,
  });
}
