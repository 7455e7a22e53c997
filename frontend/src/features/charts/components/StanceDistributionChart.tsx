import { useState } from 'react';
import { Bar, BarChart, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/charts/ChartFrame';
import { legendProps } from '@/components/charts/legend';
import { StancePatterns } from '@/components/charts/StancePatterns';
import { STANCE_COLOURS, STANCE_NAMES, patternId } from '@/components/charts/palette';
import { STANCE_LABELS } from '@/types/api';
import type { SearchDocument } from '@/types/api';
import { segmentLabel, share, stanceDistributionRow, stanceTotals, type DistributionMode } from '../transforms';

const UNITS: Record<DistributionMode, string> = {
  labels: 'studies',
  strengths: 'studies weighted by the classifier’s confidence',
  evidence: 'studies weighted by evidence (design, whether they address the question, confidence)',
};
const CAPTIONS: Record<DistributionMode, string> = { labels: 'studies', strengths: 'weighted by confidence', evidence: 'weighted by evidence' };

export function StanceDistributionChart({ doc, pending }: { doc: Pick<SearchDocument, 'charts' | 'papers'>; pending: boolean }) {
  const [chosen, setMode] = useState<DistributionMode>('labels');
  const { unjudged, evidence } = stanceTotals(doc);
  const mode: DistributionMode = chosen === 'evidence' && !evidence ? 'labels' : chosen; // evidence: once the chart stage ran
  const row = stanceDistributionRow(doc, mode);
  const unjudgedNote = unjudged > 0 ? ` ${unjudged} ${unjudged === 1 ? 'study was' : 'studies were'} not judged.` : '';
  const unit = UNITS[mode];
  const description = row
    ? `Stance distribution in ${unit}: ` +
      STANCE_LABELS.map((l) => `${STANCE_NAMES[l]} ${row[l]} (${share(row[l], row.total)})`).join(', ') +
      '.'
    : pending
      ? 'No stance has been judged yet.'
      : `No study could be judged for or against.${unjudgedNote}`;

  const controls = (
    <div className="segmented" role="group" aria-label="Stance distribution measure">
      <button type="button" aria-pressed={mode === 'labels'} onClick={() => setMode('labels')}>
        Study counts
      </button>
      <button type="button" aria-pressed={mode === 'strengths'} onClick={() => setMode('strengths')}>
        Weighted by confidence
      </button>
      {evidence && (
        <button type="button" aria-pressed={mode === 'evidence'} onClick={() => setMode('evidence')}>
          Weighted by evidence
        </button>
      )}
    </div>
  );

  return (
    <ChartFrame title="Stance distribution" description={description} controls={controls} testId="chart-stance-distribution">
      {row ? (
        <>
          <ResponsiveContainer width="100%" height={150} initialDimension={{ width: 320, height: 150 }}>
            <BarChart data={[row]} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
              <StancePatterns />
              <XAxis type="number" domain={[0, 'dataMax']} allowDecimals={mode !== 'labels'} tickFormatter={(v: number) => String(Math.round(v * 100) / 100)} />
              <YAxis type="category" dataKey="name" width={70} />
              <Tooltip
                formatter={(value, name) => [`${value} (${share(Number(value), row.total)})`, String(name)]}
                cursor={{ fill: 'rgba(0,0,0,0.04)' }}
              />
              <Legend {...legendProps} />
              {STANCE_LABELS.map((l) => (
                <Bar key={l} dataKey={l} name={STANCE_NAMES[l]} stackId="stance" fill={`url(#${patternId(l)})`} stroke={STANCE_COLOURS[l]} isAnimationActive={false}>
                  <LabelList dataKey={l} position="center" className="bar-label" fill="#1b1f24" formatter={(v: unknown) => segmentLabel(Number(v), row.total)} />
                </Bar>
              ))}
            </BarChart>
          </ResponsiveContainer>
          <p className="chart__caption" data-testid="distribution-summary">
            {STANCE_LABELS.map((l) => `${STANCE_NAMES[l]}: ${row[l]}`).join(' · ')} ({CAPTIONS[mode]}).
            {unjudgedNote}
          </p>
          {mode === 'evidence' && (
            <p className="chart__caption" data-testid="evidence-weight-explained">
              Weighted by evidence: each study adds its evidence weight to its stance — its design (meta-analyses and randomised trials
              count most, case reports and animal or lab studies least) × whether it addresses your question (a study that only partly does counts less) × the
              classifier’s confidence. The evidence table shows each study’s weight.
            </p>
          )}
          {mode === 'strengths' && (
            <p className="chart__caption" data-testid="weighting-explained">
              Weighted by confidence: each study adds the classifier’s confidence to each stance, so a study judged 80% supports adds
              0.8 to Supports and 0.2 to the others. Unsure judgements count for less than clear ones.
            </p>
          )}
        </>
      ) : (
        <p className="chart__empty">{pending ? 'Waiting for the stance of each study…' : `Stance unavailable: no study could be judged for or against.${unjudgedNote}`}</p>
      )}
    </ChartFrame>
  );
}
