import { useState } from 'react';
import type { SearchDocument } from '@/types/api';
import { chartsFor, type ChartScope } from '../transforms';
import { CitationsScatterChart } from './CitationsScatterChart';
import { StanceByYearChart } from './StanceByYearChart';
import { StanceDistributionChart } from './StanceDistributionChart';

/**
 * The three charts of a result; they draw from the server's chart data or, while running, from the papers.
 * The stance charts show the studies the verdict counts by default, with a switch to every study found.
 */
export function EvidenceCharts({ doc }: { doc: Pick<SearchDocument, 'charts' | 'papers' | 'status'> }) {
  const pending = doc.status === 'queued' || doc.status === 'running';
  const [scope, setScope] = useState<ChartScope>('counted');
  const counted = doc.charts?.counted;
  const switchable = Boolean(doc.charts?.all_papers) && counted !== undefined && counted < doc.papers.length;
  const shown = chartsFor(doc, switchable ? scope : 'all');
  return (
    <section className="charts" aria-labelledby="charts-heading">
      <h2 id="charts-heading">How the evidence is spread</h2>
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
      </div>
    </section>
  );
}
