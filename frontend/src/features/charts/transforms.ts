/**
 * Pure transforms from the result document to chart data. The server's `charts` block is the truth once the
 * chart stage ran; while the search is still running the same shapes are derived from the papers that have a stance,
 * so the charts fill in as stance arrives. Everything here is unit-tested; the chart components only draw.
 */
import { STANCE_LABELS } from '@/types/api';
import type { CitationPoint, Paper, SearchDocument, StanceLabel, StanceTotals, YearStance } from '@/types/api';

/** Study counts, summed classifier strengths, or summed evidence weights (design × addresses × confidence; server only). */
export type DistributionMode = 'labels' | 'strengths' | 'evidence';

/** Which studies the stance charts cover: those the verdict counts (the server's default) or every paper. */
export type ChartScope = 'counted' | 'all';

/**
 * The document with the stance charts of the chosen scope. The server's `stance_distribution`/`stance_by_year`
 * cover the counted studies when `counted` is given (with their own `unjudged`); `all_papers` holds the same
 * two over every paper. Citations against year always plot every paper.
 */
export function chartsFor<T extends Pick<SearchDocument, 'charts' | 'papers'>>(doc: T, scope: ChartScope): T {
  const charts = doc.charts;
  if (scope === 'all' && charts?.all_papers) return { ...doc, charts: { ...charts, ...charts.all_papers } };
  return doc;
}

export interface DistributionRow extends StanceTotals {
  name: string;
  total: number;
}

export interface ScatterPoint {
  pmid: string;
  rank: number | null;
  title: string;
  year: number;
  citations: number;
}

export interface CitationSeries {
  series: Record<StanceLabel, ScatterPoint[]>;
  /** Papers with a year but no known citation count (not plotted; "unavailable", never 0). */
  unavailable: number;
  plotted: number;
}

const empty = (): StanceTotals => ({ supports: 0, refutes: 0, neutral: 0 });
const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

function judged(papers: Paper[]): Paper[] {
  return papers.filter((p) => p.stance !== null);
}

export interface Totals {
  labels: StanceTotals;
  strengths: StanceTotals;
  /** Summed evidence weights: computed by the chart stage only, so null until it ran. */
  evidence: StanceTotals | null;
  /** Papers without a stance (not in the bars; said in words). */
  unjudged: number;
}

/** Stance counts and summed strengths: from the server when present, otherwise from the judged papers. */
export function stanceTotals(doc: Pick<SearchDocument, 'charts' | 'papers'>): Totals {
  const server = doc.charts?.stance_distribution;
  if (server) return { labels: server.labels, strengths: server.strengths, evidence: server.evidence, unjudged: server.unjudged };
  const labels = empty();
  const strengths = empty();
  for (const p of judged(doc.papers)) {
    const s = p.stance!;
    labels[s.label] += 1;
    for (const l of STANCE_LABELS) strengths[l] += s[l];
  }
  for (const l of STANCE_LABELS) strengths[l] = round(strengths[l]);
  return { labels, strengths, evidence: null, unjudged: doc.papers.length - judged(doc.papers).length };
}

/** One stacked row for the distribution bar, in counts or summed strengths. */
const ROW_NAMES: Record<DistributionMode, string> = { labels: 'Studies', strengths: 'Strength', evidence: 'Weight' };

export function stanceDistributionRow(
  doc: Pick<SearchDocument, 'charts' | 'papers'>,
  mode: DistributionMode,
): DistributionRow | null {
  const totals = stanceTotals(doc)[mode];
  if (!totals) return null;
  const total = round(totals.supports + totals.refutes + totals.neutral);
  if (total === 0) return null;
  return {
    name: ROW_NAMES[mode],
    supports: round(totals.supports),
    refutes: round(totals.refutes),
    neutral: round(totals.neutral),
    total,
  };
}

/** Stance counts per publication year, oldest first; papers without a stance count as `unjudged`; no year, left out. */
export function stanceByYear(doc: Pick<SearchDocument, 'charts' | 'papers'>): YearStance[] {
  const source = doc.charts?.stance_by_year;
  if (source) return [...source].sort((a, b) => a.year - b.year);
  const byYear = new Map<number, YearStance>();
  for (const p of doc.papers) {
    if (p.year === null) continue;
    const row = byYear.get(p.year) ?? { year: p.year, ...empty(), unjudged: 0 };
    row[p.stance ? p.stance.label : 'unjudged'] += 1;
    byYear.set(p.year, row);
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

/** Citation counts against year, one series per stance; unknown citation counts are counted, not plotted. */
export function citationSeries(doc: Pick<SearchDocument, 'charts' | 'papers'>): CitationSeries {
  const byPmid = new Map(doc.papers.map((p) => [p.pmid, p]));
  const points: Array<Pick<CitationPoint, 'pmid' | 'year' | 'citations' | 'stance'>> =
    doc.charts?.citations_vs_year ??
    doc.papers.map((p) => ({ pmid: p.pmid, year: p.year, citations: p.citation_count, stance: p.stance?.label ?? null }));
  const series: Record<StanceLabel, ScatterPoint[]> = { supports: [], refutes: [], neutral: [] };
  let unavailable = 0;
  let plotted = 0;
  for (const pt of points) {
    if (pt.year === null) continue;
    if (pt.citations === null) {
      unavailable += 1;
      continue;
    }
    const paper = byPmid.get(pt.pmid);
    const label: StanceLabel = pt.stance ?? 'neutral';
    series[label].push({
      pmid: pt.pmid,
      rank: paper?.rank ?? null,
      title: paper?.title ?? `PMID ${pt.pmid}`,
      year: pt.year,
      citations: pt.citations,
    });
    plotted += 1;
  }
  for (const l of STANCE_LABELS) series[l].sort((a, b) => a.year - b.year || a.citations - b.citations);
  return { series, unavailable, plotted };
}

/** Percentage of a row's total, for tooltips and text labels. */
/** A stacked segment narrower than this share of its row gets no number inside it: beside its neighbour's, the two
 * ran together ("0.0.05"). Its value stays in the tooltip, the caption under the chart and the description. */
export const MIN_LABELLED_SHARE = 0.1;

/** The number written inside a stacked segment: empty for a zero or too-narrow segment. */
export function segmentLabel(value: number, total: number): string {
  return value > 0 && total > 0 && value / total >= MIN_LABELLED_SHARE ? String(value) : '';
}

export function share(value: number, total: number): string {
  if (!total) return '0%';
  return `${Math.round((value / total) * 100)}%`;
}
