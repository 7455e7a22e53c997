/**
 * The reading mode (lay / clinician), remembered per account on the server and per browser otherwise.
 *
 * GET /api/accounts/preferences/ (get-preferences.ts) answers `reading_mode: null` when nobody is signed in: then the choice lives
 * only in this browser's localStorage, so a signed-out visitor's choice never reaches the server.
 */
import { useCallback, useState } from 'react';
import { READING_MODES, type ReadingMode } from '@/types/api';
import { usePreferences } from './get-preferences';
import { useUpdatePreferences } from './update-preferences';

export const BROWSER_KEY = 'medseba.readingMode';
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
  const [local, setLocal] = useState<ReadingMode>(browserMode);
  const prefs = usePreferences();
  const save = useUpdatePreferences();
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
    [save, signedIn],
  );
  return [mode, setMode];
}
