/**
 * Whether the source could honour the publication-type filter. PubMed records carry their publication types; the
 * offline library's records mostly do not, and a record with no type is kept by a type filter (unknown is not
 * "not a trial"). Silently showing a meta-analysis under "Randomized Controlled Trial" would mislead, so the result
 * says how many of its studies could not be checked. Derived from the document itself (the filters and each study's
 * publication_types), so it holds for any source.
 */
import type { Filters, Paper } from '@/types/api';
import { listWords } from './outage';

/** The notice for the result page, or null when no type filter was asked or every study's type is known. */
export function unappliedFilterNotice(
  filters: Filters | null | undefined,
  papers: Pick<Paper, 'publication_types'>[],
): string | null {
  const types = filters?.publication_types ?? [];
  if (!types.length || !papers.length) return null;
  const unknown = papers.filter((p) => !(p.publication_types ?? []).length).length;
  if (!unknown) return null;
  const asked = listWords(types.map((t) => `“${t}”`));
  const which = unknown === papers.length ? `all ${papers.length} studies` : `${unknown} of the ${papers.length} studies`;
  const them = unknown === 1 ? 'it' : 'them';
  const may = unknown === 1 ? 'It may be another kind of study' : 'They may be other kinds of study';
  return (
    `The filter ${asked} could not be applied to ${which}: the library searched has no publication type for ${them}. ` +
    `${may}.`
  );
}
