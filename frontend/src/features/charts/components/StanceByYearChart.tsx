import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/charts/ChartFrame';
import { legendProps } from '@/components/charts/legend';
import { StancePatterns } from '@/components/charts/StancePatterns';
import { STANCE_COLOURS, STANCE_NAMES, UNJUDGED_COLOUR, patternId } from '@/components/charts/palette';
import { STANCE_LABELS } from '@/types/api';
import type { SearchDocument } from '@/types/api';
import { stanceByYear } from '../transforms';

export function StanceByYearChart({ doc, pending }: { doc: Pick<SearchDocument, 'charts' | 'papers'>; pending: boolean }) {
  const rows = stanceByYear(doc);
  const anyUnjudged = rows.some((r) => r.unjudged > 0);
  const description = rows.length
    ? 'Stance per publication year: ' +
      rows.map((r) => `${r.year}: ` + STANCE_LABELS.map((l) => `${r[l]} ${l}`).join(', ') + (r.unjudged ? `, ${r.unjudged} not judged` : '')).join('; ') +
      '.'
    : 'No study with a known year yet.';
  return (
    <ChartFrame title="Stance per year (studies)" description={description} testId="chart-stance-by-year">
      {rows.length ? (
        <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 320, height: 260 }}>
          <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <StancePatterns />
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="year" />
            <YAxis allowDecimals={false} width={32} />
            <Tooltip cursor={{ fill: 'rgba(0,0,0,0.04)' }} />
            <Legend {...legendProps} />
            {STANCE_LABELS.map((l) => (
              <Bar key={l} dataKey={l} name={STANCE_NAMES[l]} stackId="year" fill={`url(#${patternId(l)})`} stroke={STANCE_COLOURS[l]} isAnimationActive={false} />
            ))}
            {anyUnjudged && (
              <Bar dataKey="unjudged" name="Not judged" stackId="year" fill={UNJUDGED_COLOUR} stroke="#8c8c8c" strokeDasharray="3 2" isAnimationActive={false} />
            )}
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <p className="chart__empty">{pending ? 'Waiting for the studies…' : 'No study has a known publication year.'}</p>
      )}
    </ChartFrame>
  );
}
