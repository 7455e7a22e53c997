/** PUT /api/accounts/preferences/: save the signed-in reader's reading mode. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Preferences, ReadingMode } from '@/types/api';
import { preferenceKeys } from './keys';

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mode: ReadingMode) => api<Preferences>('/api/accounts/preferences/', { method: 'PUT', body: { reading_mode: mode } }),
    onSuccess: (data) => client.setQueryData(preferenceKeys.detail(), data),
  });
}
