import { useState } from 'react';
import type { SearchDocument } from '@/types/api';
import { chartsFor, type ChartScope } from '../transforms';
import { chartsForDesign } from '../design-scope';
import { CitationsScatterChart } from './CitationsScatterChart';
import { ConsensusChart } from './ConsensusChart';
import { StanceByYearChart } from './StanceByYearChart';
import { StanceDistributionChart } from './StanceDistributionChart';

/**
 * The three charts of a result; they draw from the server's chart data or, while running, from the papers.
 * The stance charts show the studies the verdict counts by default, with a switch to every study found.
 */
export function EvidenceCharts({ doc: whole, design = null }: { doc: Pick<SearchDocument, 'charts' | 'papers' | 'status'>; design?: string | null }) {
  const pending = whole.status === 'queued' || whole.status === 'running';
  const doc = chartsForDesign(whole, design); // the evidence table's design filter narrows every chart
  const designName = design ? (whole.papers.find((p) => p.design?.label === design)?.design?.name ?? design) : null;
  const [scope, setScope] = useState<ChartScope>('counted');
  const counted = doc.charts?.counted;
  const switchable = Boolean(doc.charts?.all_papers) && counted !== undefined && counted < doc.papers.length;
  const shown = chartsFor(doc, switchable ? scope : 'all');
  return (
    <section className="charts" aria-labelledby="charts-heading">
      <h2 id="charts-heading">How the evidence is spread</h2>
      {designName && (
        <p className="chart__caption" role="status" data-testid="charts-narrowed">
          Narrowed to one design, as filtered in the evidence table: {designName} ({doc.papers.length} of {whole.papers.length} studies).
        </p>
      )}
      {switchable && (
        <div className="charts__scope">
          <div className="segmented" role="group" aria-label="Studies in the stance charts">
            <button type="button" aria-pressed={scope === 'counted'} onClick={() => setScope('counted')}>
              Counted by the verdict ({counted})
            </button>
            <button type="button" aria-pressed={scope === 'all'} onClick={() => setScope('all')}>
              All studies ({doc.papers.length})
            </button>
          </div>
          <p className="chart__caption" data-testid="chart-scope">
            {scope === 'counted'
              ? `The stance charts count the ${counted} studies that address your question.`
              : `The stance charts count all ${doc.papers.length} studies found, including those that do not address your question.`}
          </p>
        </div>
      )}
      <div className="charts__grid">
        <StanceDistributionChart doc={shown} pending={pending} />
        <StanceByYearChart doc={shown} pending={pending} />
        <CitationsScatterChart doc={doc} />
        <ConsensusChart consensus={doc.charts?.consensus_over_time} pending={pending} />
      </div>
    </section>
  );
}
