import type { SearchDocument } from '@/types/api';
import { CitationsScatterChart } from './CitationsScatterChart';
import { StanceByYearChart } from './StanceByYearChart';
import { StanceDistributionChart } from './StanceDistributionChart';

/** The three charts of a result; they draw from the server's chart data or, while running, from the papers. */
export function EvidenceCharts({ doc }: { doc: Pick<SearchDocument, 'charts' | 'papers' | 'status'> }) {
  const pending = doc.status === 'queued' || doc.status === 'running';
  return (
    <section className="charts" aria-labelledby="charts-heading">
      <h2 id="charts-heading">How the evidence is spread</h2>
      <div className="charts__grid">
        <StanceDistributionChart doc={doc} pending={pending} />
        <StanceByYearChart doc={doc} pending={pending} />
        <CitationsScatterChart doc={doc} />
      </div>
    </section>
  );
}
