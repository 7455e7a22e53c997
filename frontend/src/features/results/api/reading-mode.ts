/**
 * The reading mode (lay / clinician), remembered per account on the server and per browser otherwise.
 *
 * GET /api/accounts/preferences/ answers `reading_mode: null` when nobody is signed in: then the choice lives
 * only in this browser's localStorage, so a signed-out visitor's choice never reaches the server.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';
import { READING_MODES, type Preferences, type ReadingMode } from '@/types/api';

export const BROWSER_KEY = 'medseba.readingMode';
export const preferencesKey = ['accounts', 'preferences'] as const;
export const DEFAULT_MODE: ReadingMode = READING_MODES[0];

const isMode = (value: unknown): value is ReadingMode => READING_MODES.includes(value as ReadingMode);

export function browserMode(): ReadingMode {
  try {
    const stored = window.localStorage.getItem(BROWSER_KEY);
    return isMode(stored) ? stored : DEFAULT_MODE;
  } catch {
    return DEFAULT_MODE; // storage blocked: the default, every time
  }
}

function rememberInBrowser(mode: ReadingMode) {
  try {
    window.localStorage.setItem(BROWSER_KEY, mode);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
}

/** [mode, setMode]: the account's mode when signed in, else this browser's. */
export function useReadingMode(): [ReadingMode, (mode: ReadingMode) => void] {
  const client = useQueryClient();
  const [local, setLocal] = useState<ReadingMode>(browserMode);
  const prefs = useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api<Preferences>('/api/accounts/preferences/', { signal }),
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (mode: ReadingMode) => api<Preferences>('/api/accounts/preferences/', { method: 'PUT', body: { reading_mode: mode } }),
    onSuccess: (data) => client.setQueryData(preferencesKey, data),
  });
  const account = prefs.data?.reading_mode;
  const signedIn = isMode(account);
  const mode = signedIn ? account : local;
  const setMode = useCallback(
    (next: ReadingMode) => {
      if (signedIn) {
        save.mutate(next); // the page switches once the server has it, so its next read is in that mode
      } else {
        rememberInBrowser(next);
        setLocal(next);
      }
    },
    [client, save, signedIn],
  );
  return [mode, setMode];
}
