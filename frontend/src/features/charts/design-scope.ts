/**
 * The charts narrowed to one study design (the evidence table's filter). The chart stage computed every chart over
 * the papers of each design present (charts.by_design), so narrowing only picks them: nothing is re-derived here.
 * While the search runs (no charts yet) the papers are narrowed and the running-state transforms use them.
 */
import type { SearchDocument } from '@/types/api';

export function chartsForDesign<T extends Pick<SearchDocument, 'charts' | 'papers'>>(doc: T, design: string | null): T {
  if (!design) return doc;
  const papers = doc.papers.filter((p) => p.design?.label === design);
  const narrowed = doc.charts?.by_design?.[design];
  return { ...doc, papers, charts: doc.charts && narrowed ? { ...doc.charts, ...narrowed } : null };
}
