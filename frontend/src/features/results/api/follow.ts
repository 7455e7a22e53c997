/**
 * Following a search by long-polling (search/progress.py on the server).
 *
 * Each request sends back the `version` of the document we have; the server holds it until the
 * document changes (or about 25 s pass) and answers at once when it does, so progress arrives the
 * moment it is recorded, with one request per change instead of one every half second. An answer
 * that brings nothing new means the server could not wait (it was busy, or it is an older server
 * without versions): then we wait FALLBACK_POLL_MS before asking again, which is plain polling.
 */
import { READING_MODES, type SearchDocument } from '@/types/api';

const DEFAULT_READING_MODE = READING_MODES[0];

/** The fallback: the pause after an answer that brought nothing new. */
export const FALLBACK_POLL_MS = 1000;
/** After news, ask again at once: the server holds that request until the next change. */
export const AT_ONCE_MS = 1;

export const isFinished = (doc: SearchDocument | undefined): boolean => doc?.status === 'done' || doc?.status === 'failed';

/** The document's version, when the server sent one (an integer; absent from older servers). */
function versionOf(doc: SearchDocument | undefined): number | undefined {
  const version = (doc as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

/**
 * GET URL for the next request: with `?version=` when we hold an unfinished document with a version, and
 * `?mode=clinician` when that mode is chosen (the server's default is lay, or a signed-in reader's saved mode, which
 * the page reads first and saves before switching).
 */
export function searchUrl(id: string, have?: SearchDocument, mode?: string): string {
  const base = `/api/searches/${encodeURIComponent(id)}/`;
  const version = have && !isFinished(have) ? versionOf(have) : undefined;
  const params = new URLSearchParams();
  if (version !== undefined) params.set('version', String(version));
  if (mode && mode !== DEFAULT_READING_MODE) params.set('mode', mode); // without it the server answers in lay, or the account's mode
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** Milliseconds before the next request, or false when the search has ended (nothing more will change). */
export function nextRequestDelay(previous: SearchDocument | undefined, next: SearchDocument): number | false {
  if (isFinished(next)) return false;
  const before = versionOf(previous);
  const now = versionOf(next);
  if (now === undefined) return FALLBACK_POLL_MS; // a server without versions: poll
  return previous !== undefined && before === now ? FALLBACK_POLL_MS : AT_ONCE_MS;
}
