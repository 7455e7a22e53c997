/**
 * The evidence table's rows, sort and filter: pure functions of the result document, unit-tested. Every value comes
 * from the document (the design's place in the hierarchy is its evidence-weight factor, computed by the chart stage),
 * so the table never holds a second copy of a rule.
 */
import type { AddressesLabel, SearchDocument, StanceLabel } from '@/types/api';

export type SortKey = 'rank' | 'year' | 'design' | 'n' | 'addresses' | 'stance' | 'weight' | 'citations' | 'venue';
export type SortDirection = 'ascending' | 'descending';

export interface TableRow {
  rank: number;
  pmid: string;
  title: string;
  year: number | null;
  designLabel: string | null;
  designName: string | null;
  /** The design's factor in the evidence weight (1 = meta-analysis ... 0.1 = animal / in vitro); null before judge. */
  designWeight: number | null;
  n: number | null;
  addresses: AddressesLabel | null;
  stance: StanceLabel | null;
  /** The classifier's strength for the study's own label, 0..1. */
  strength: number | null;
  uncertain: boolean;
  weight: number | null;
  citations: number | null;
  venue: string | null;
  retracted: boolean;
}

export function tableRows(doc: Pick<SearchDocument, 'papers' | 'charts'>): TableRow[] {
  const weights = doc.charts?.evidence_weights ?? {};
  return doc.papers.map((p) => {
    const w = weights[p.pmid];
    return {
      rank: p.rank,
      pmid: p.pmid,
      title: p.title,
      year: p.year,
      designLabel: p.design?.label ?? null,
      designName: p.design?.name ?? null,
      designWeight: w && p.design ? w.design : null,
      n: p.sample_size?.n ?? null,
      addresses: p.addresses?.label ?? null,
      stance: p.stance?.label ?? null,
      strength: p.stance ? p.stance[p.stance.label] : null,
      uncertain: Boolean(p.stance?.uncertain),
      weight: w ? w.value : null,
      citations: p.citation_count,
      venue: p.venue || p.journal || null,
      retracted: Boolean(p.retracted),
    };
  });
}

export interface DesignOption {
  label: string;
  name: string;
  count: number;
}

/** The designs present, strongest first (by their evidence-weight factor), with how many studies each. */
export function designOptions(rows: TableRow[]): DesignOption[] {
  const found = new Map<string, DesignOption & { weight: number }>();
  for (const r of rows) {
    if (!r.designLabel) continue;
    const option = found.get(r.designLabel) ?? { label: r.designLabel, name: r.designName ?? r.designLabel, count: 0, weight: r.designWeight ?? 0 };
    option.count += 1;
    found.set(r.designLabel, option);
  }
  return [...found.values()].sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name)).map(({ label, name, count }) => ({ label, name, count }));
}

export function filterRows(rows: TableRow[], design: string | null): TableRow[] {
  return design ? rows.filter((r) => r.designLabel === design) : rows;
}

const ADDRESSES_ORDER: Record<string, number> = { yes: 0, partly: 1, no: 2 };
const STANCE_ORDER: Record<StanceLabel, number> = { supports: 0, refutes: 1, neutral: 2 };

/** Ascending = the natural reading order: oldest year, strongest design, smallest n, "yes" first, supports first. */
const KEYS: Record<SortKey, (r: TableRow) => number | string | null> = {
  rank: (r) => r.rank,
  year: (r) => r.year,
  design: (r) => (r.designWeight === null ? null : -r.designWeight),
  n: (r) => r.n,
  addresses: (r) => (r.addresses ? ADDRESSES_ORDER[r.addresses] : null),
  stance: (r) => (r.stance ? STANCE_ORDER[r.stance] * 10 - (r.strength ?? 0) : null),
  weight: (r) => r.weight,
  citations: (r) => r.citations,
  venue: (r) => r.venue?.toLowerCase() ?? null,
};

/** A stable sort; unknown values (null) always go last, whichever the direction; ties keep rank order. */
export function sortRows(rows: TableRow[], key: SortKey, direction: SortDirection): TableRow[] {
  const value = KEYS[key];
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    if (x < y) return -sign;
    if (x > y) return sign;
    return a.rank - b.rank;
  });
}

/** The direction a column sorts in when first chosen: larger is more interesting for counts and weights. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'weight' || key === 'citations' || key === 'n' ? 'descending' : 'ascending';
}
