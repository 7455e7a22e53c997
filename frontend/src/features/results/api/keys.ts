import type { ReadingMode } from '@/types/api';

/**
 * Query-key factories of the results feature. A search's key is a prefix of its mode's key, so invalidating
 * ['searches', id] (as the living feature does after a re-run) refreshes every mode's copy.
 */
export const searchKeys = {
  all: ['searches'] as const,
  detail: (id: string, mode?: ReadingMode) => (mode ? ([...searchKeys.all, id, mode] as const) : ([...searchKeys.all, id] as const)),
};

/** Under the accounts prefix on purpose: signing in or out (which invalidates ['accounts']) re-reads the preference. */
export const preferenceKeys = {
  detail: () => ['accounts', 'preferences'] as const,
};
