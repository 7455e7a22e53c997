/** Flatten the document's metrics into labelled rows; a value a service did not deliver reads "unavailable". */
import type { DocumentMetrics } from '@/types/api';

/** One label per metric GET /api/documents/{pmid}/ sends: the type makes a missing or an extra key an error. */
const LABELS: Record<keyof DocumentMetrics, string> = {
  citation_count: 'Citations',
  relative_citation_ratio: 'Relative citation ratio',
  influential_citation_count: 'Influential citations',
  venue: 'Venue',
  tldr: 'Summary (TLDR)',
  is_clinical: 'Clinical article',
};

export interface MetricRow {
  label: string;
  value: string;
}

function format(value: DocumentMetrics[keyof DocumentMetrics]): string {
  if (value === null || value === '') return 'unavailable';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

export function metricRows(metrics: DocumentMetrics): MetricRow[] {
  return (Object.keys(LABELS) as Array<keyof DocumentMetrics>).map((key) => ({ label: LABELS[key], value: format(metrics[key]) }));
}
