/** GET /api/searches/limits/: the API's input limits (search/validation.py), never copied into the front end. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InputLimits } from '@/types/api';
import { searchKeys } from './keys';

export function getLimits(signal?: AbortSignal): Promise<InputLimits> {
  return api<InputLimits>('/api/searches/limits/', { signal });
}

/** Until the limits arrive (or if they cannot), the form still works: the server checks the same rules. */
export function useLimits() {
  return useQuery({ queryKey: searchKeys.limits(), queryFn: ({ signal }) => getLimits(signal), staleTime: Infinity, retry: 1 });
}

/** The question as the server measures it: whitespace runs folded to one space, ends trimmed. */
export function foldedLength(question: string): number {
  return question.split(/\s+/).filter(Boolean).join(' ').length;
}

/** "600/500 — please shorten your question." when over the limit, else null. */
export function lengthError(question: string, limit: number | undefined): string | null {
  if (limit === undefined) return null;
  const length = foldedLength(question);
  return length > limit ? `${length}/${limit} — please shorten your question.` : null;
}
