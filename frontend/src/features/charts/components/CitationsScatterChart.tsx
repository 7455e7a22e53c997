import { CartesianGrid, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/charts/ChartFrame';
import { legendProps } from '@/components/charts/legend';
import { STANCE_COLOURS, STANCE_NAMES, STANCE_SHAPES } from '@/components/charts/palette';
import { STANCE_LABELS } from '@/types/api';
import type { SearchDocument } from '@/types/api';
import { citationSeries, type ScatterPoint } from '../transforms';

function PointTooltip({ active, payload }: { active?: boolean; payload?: Array<{ payload?: ScatterPoint }> }) {
  const point = active ? payload?.[0]?.payload : undefined;
  if (!point) return null;
  return (
    <div className="chart-tooltip">
      <strong>{point.rank !== null ? `[${point.rank}] ` : ''}{point.title}</strong>
      <div>
        {point.year} · {point.citations} citations
      </div>
    </div>
  );
}

export function CitationsScatterChart({ doc }: { doc: Pick<SearchDocument, 'charts' | 'papers'> }) {
  const { series, unavailable, plotted } = citationSeries(doc);
  const description = plotted
    ? `Citations against year for ${plotted} studies` + (unavailable ? `; citations unavailable for ${unavailable}.` : '.')
    : 'Citations unavailable for these studies.';
  return (
    <ChartFrame title="Citations against year" description={description} testId="chart-citations">
      {plotted ? (
        <>
          <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 320, height: 260 }}>
            <ScatterChart margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" dataKey="year" name="Year" domain={['dataMin - 1', 'dataMax + 1']} allowDecimals={false} />
              <YAxis type="number" dataKey="citations" name="Citations" width={44} />
              <Tooltip content={<PointTooltip />} />
              <Legend {...legendProps} />
              {STANCE_LABELS.map((l) => (
                <Scatter key={l} name={STANCE_NAMES[l]} data={series[l]} fill={STANCE_COLOURS[l]} shape={STANCE_SHAPES[l]} isAnimationActive={false} />
              ))}
            </ScatterChart>
          </ResponsiveContainer>
          {unavailable > 0 && <p className="chart__caption">Citations unavailable for {unavailable} of the studies (not plotted).</p>}
        </>
      ) : (
        <p className="chart__empty" data-testid="citations-unavailable">
          Citations unavailable: no citation count is known for these studies.
        </p>
      )}
    </ChartFrame>
  );
}
