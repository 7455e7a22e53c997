/** Flatten the document's metrics into labelled rows; a value a service did not deliver reads "unavailable". */

const LABELS: Record<string, string> = {
  citation_count: 'Citations',
  citations: 'Citations',
  relative_citation_ratio: 'Relative citation ratio',
  influential_citation_count: 'Influential citations',
  venue: 'Venue',
  tldr: 'Summary (TLDR)',
  is_clinical: 'Clinical article',
  pmcid: 'PMC id',
  full_text_url: 'Full text',
  expected_citations_per_year: 'Expected citations per year',
  citations_per_year: 'Citations per year',
  field_citation_rate: 'Field citation rate',
  nih_percentile: 'NIH percentile',
  apt: 'Approximate potential to translate',
};

const SOURCES: Record<string, string> = {
  icite: 'iCite',
  semantic_scholar: 'Semantic Scholar',
  pmc: 'PubMed Central',
};

export interface MetricRow {
  label: string;
  value: string;
}

function format(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'unavailable';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

const humanise = (key: string): string => LABELS[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function metricRows(metrics: Record<string, unknown> | null | undefined): MetricRow[] {
  if (!metrics) return [];
  const rows: MetricRow[] = [];
  for (const [key, value] of Object.entries(metrics)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const source = SOURCES[key] ?? humanise(key);
      const entries = Object.entries(value as Record<string, unknown>);
      if (!entries.length) rows.push({ label: source, value: 'unavailable' });
      for (const [k, v] of entries) {
        if (v && typeof v === 'object') continue;
        rows.push({ label: `${humanise(k)} (${source})`, value: format(v) });
      }
    } else {
      rows.push({ label: humanise(key), value: format(value) });
    }
  }
  return rows;
}
