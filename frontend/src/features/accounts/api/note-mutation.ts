import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteKeys } from './keys';

export function useNoteMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.all }) });
}
