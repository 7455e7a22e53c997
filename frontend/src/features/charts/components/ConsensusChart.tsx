import { useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/charts/ChartFrame';
import { legendProps } from '@/components/charts/legend';
import { STANCE_COLOURS, STANCE_NAMES } from '@/components/charts/palette';
import type { Consensus } from '@/types/api';
import { consensusRows, consensusSummary, describeRow, leadChanges, type ConsensusMode, type ConsensusRow } from '../consensus';

const BAND = '#E3E6EA';

function RowTooltip({ active, payload, mode }: { active?: boolean; payload?: Array<{ payload?: ConsensusRow }>; mode: ConsensusMode }) {
  const row = active ? payload?.[0]?.payload : undefined;
  if (!row) return null;
  return <div className="chart-tooltip">{describeRow(row, mode)}</div>;
}

/**
 * Cumulative share of the studies that address the question supporting (solid line, circles) and refuting (dashed
 * line, triangles) per year, counted or weighted by evidence; studies so far as a grey band on the right axis; the
 * years the lead changed and the newest study marked with labelled lines. Everything is also said in words below.
 */
export function ConsensusChart({ consensus, pending }: { consensus: Consensus | null | undefined; pending: boolean }) {
  const [mode, setMode] = useState<ConsensusMode>('counted');
  const rows = consensus ? consensusRows(consensus, mode) : [];
  const summary = consensus ? consensusSummary(consensus, mode) : '';
  const changes = consensus ? leadChanges(consensus, mode) : [];
  const newest = consensus?.most_recent ?? null;

  const controls = (
    <div className="segmented" role="group" aria-label="Consensus measure">
      <button type="button" aria-pressed={mode === 'counted'} onClick={() => setMode('counted')}>
        Study counts
      </button>
      <button type="button" aria-pressed={mode === 'weighted'} onClick={() => setMode('weighted')}>
        Weighted by evidence
      </button>
    </div>
  );

  return (
    <ChartFrame
      title="Consensus over time"
      description={consensus ? `Cumulative share of studies supporting and refuting, by year. ${summary}` : 'Consensus over time: not computed yet.'}
      controls={consensus && rows.length > 0 ? controls : undefined}
      testId="chart-consensus"
    >
      {rows.length > 0 ? (
        <>
          <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 320, height: 260 }}>
            <ComposedChart data={rows} margin={{ top: 16, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="year" />
              <YAxis yAxisId="share" domain={[0, 100]} unit="%" width={44} />
              <YAxis yAxisId="n" orientation="right" allowDecimals={false} width={32} />
              <Tooltip content={<RowTooltip mode={mode} />} />
              <Legend {...legendProps} />
              <Bar yAxisId="n" dataKey="n" name="Studies so far" fill={BAND} stroke="#9aa3ad" isAnimationActive={false} />
              <Line yAxisId="share" dataKey="supports" name={STANCE_NAMES.supports} stroke={STANCE_COLOURS.supports} strokeWidth={2}
                dot={{ r: 3, fill: STANCE_COLOURS.supports }} connectNulls isAnimationActive={false} />
              <Line yAxisId="share" dataKey="refutes" name={STANCE_NAMES.refutes} stroke={STANCE_COLOURS.refutes} strokeWidth={2}
                strokeDasharray="6 3" dot={{ r: 4, fill: '#fff', stroke: STANCE_COLOURS.refutes }} connectNulls isAnimationActive={false} />
              {changes.map((c) => (
                <ReferenceLine key={`lead-${c.year}`} yAxisId="share" x={c.year} stroke="#1b1f24" strokeDasharray="2 2"
                  label={{ value: 'lead changed', position: 'insideTopLeft', fontSize: 11, fill: '#1b1f24' }} />
              ))}
              {newest && (
                <ReferenceLine yAxisId="share" x={newest.year} stroke="#5b616b"
                  label={{ value: 'newest', position: 'insideTopRight', fontSize: 11, fill: '#1b1f24' }} />
              )}
            </ComposedChart>
          </ResponsiveContainer>
          <p className="chart__caption" data-testid="consensus-summary">{summary}</p>
          <p className="chart__caption">
            Among the studies that address your question; “unclear” (neutral, or a stance the classifier is unsure of) is the rest
            of each year’s 100%. The grey bars count the studies so far.
          </p>
        </>
      ) : (
        <p className="chart__empty">
          {consensus ? summary : pending ? 'The consensus over time is drawn when the search has finished…' : 'Not computed for this result.'}
        </p>
      )}
    </ChartFrame>
  );
}
