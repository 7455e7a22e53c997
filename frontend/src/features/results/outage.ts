/**
 * One plain line for what a result lacks because a service or stage failed, e.g.
 * "Offline mode: searched the local library; citation counts and full text unavailable." The raw errors stay
 * available in a disclosure; this line is what a reader needs first.
 */
import type { Failure, SearchDocument } from '@/types/api';

/** What a reader loses when a source or stage fails, in the words of the result page. */
const LOST_BY_SOURCE: Record<string, string> = {
  icite: 'citation counts',
  semantic_scholar: 'venues and study summaries',
  semanticscholar: 'venues and study summaries',
  pmc: 'full text',
  clinicaltrials: 'registered trials',
  llm: 'the written answer from the language model',
  openai: 'the written answer from the language model',
};

const LOST_BY_STAGE: Record<string, string> = {
  enrich: 'citation counts',
  judge: 'the stance of the studies',
  locate: 'the answering sentences',
  synthesise: 'the written answer',
  chart: 'the charts',
};

/** "a", "a and b", "a, b and c". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** True when PubMed Central was not reached for this search (so "no open-access copy" cannot be said). */
export function pmcUnreachable(failures: Failure[]): boolean {
  return failures.some((f) => f.source.toLowerCase() === 'pmc');
}

/** The live literature source failed and the local corpus answered instead. */
function fellBackToLocal(doc: Pick<SearchDocument, 'source' | 'failures'>): boolean {
  return doc.source === 'local' && doc.failures.some((f) => f.stage === 'retrieve' || f.source.toLowerCase() === 'pubmed');
}

/** The one-line summary, or null when nothing is missing. */
export function outageLine(doc: Pick<SearchDocument, 'source' | 'failures'>): string | null {
  const failures = doc.failures ?? [];
  if (!failures.length) return null;
  const lost: string[] = [];
  for (const f of failures) {
    if (f.stage === 'retrieve') continue; // another source answered, or the search failed and says so itself
    const words = LOST_BY_SOURCE[f.source.toLowerCase()] ?? LOST_BY_STAGE[f.stage];
    if (words && !lost.includes(words)) lost.push(words);
  }
  const offline = doc.source === 'local' && (fellBackToLocal(doc) || failures.some((f) => f.stage === 'enrich'));
  const missing = lost.length ? `${listWords(lost)} unavailable` : '';
  if (offline) return `Offline mode: searched the local library${missing ? `; ${missing}` : ''}.`;
  if (!lost.length) return null;
  return `Unavailable for this search: ${listWords(lost)}.`;
}
