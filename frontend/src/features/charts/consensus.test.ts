import { describe, expect, it } from 'vitest';
import { makeConsensus } from '@/test/factories';
import type { ConsensusPoint } from '@/types/api';
import { chartsForDesign } from './design-scope';
import { consensusRows, consensusSummary, describeRow } from './consensus';
import { makeCharts, makeDistribution, makeDocument, makePaper } from '@/test/factories';

function point(year: number, n: number, supports: number, refutes: number, weighted: [number, number] | null, added = 1): ConsensusPoint {
  return {
    year, added, n, supports, refutes, unclear: n - supports - refutes,
    share_supports: supports / n, share_refutes: refutes / n,
    leader: supports > refutes ? 'supports' : refutes > supports ? 'refutes' : 'tied',
    weight: weighted ? 1 : 0, weighted_supports: weighted?.[0] ?? 0, weighted_refutes: weighted?.[1] ?? 0,
    share_weighted_supports: weighted ? weighted[0] : null, share_weighted_refutes: weighted ? weighted[1] : null,
    weighted_leader: 'supports',
  };
}

const consensus = makeConsensus({
  points: [point(1990, 1, 1, 0, null), point(1992, 3, 1, 2, [0.35, 0.65], 2), point(1998, 8, 4, 2, [0.5, 0.3], 5)],
  lead_changes: [{ year: 1992, from: 'supports', to: 'refutes' }, { year: 1998, from: 'refutes', to: 'supports' }],
  weighted_lead_changes: [],
  most_recent: { pmid: '106', rank: 6, year: 1998, side: 'supports' },
  studies: 8,
  unknown_year: 1,
  unjudged: 1,
});

describe('consensusRows', () => {
  it('turns the counted shares into percentages, one row per year, with n for the band', () => {
    expect(consensusRows(consensus, 'counted').map((r) => [r.year, r.supports, r.refutes, r.n])).toEqual([
      [1990, 100, 0, 1],
      [1992, 33.3, 66.7, 3],
      [1998, 50, 25, 8],
    ]);
  });

  it('uses the weighted shares, null while no weight has accrued', () => {
    expect(consensusRows(consensus, 'weighted').map((r) => [r.supports, r.refutes])).toEqual([[null, null], [35, 65], [50, 30]]);
  });
});

describe('consensusSummary', () => {
  it('says where the evidence ends, when the lead changed, the newest study and what is left out', () => {
    expect(consensusSummary(consensus, 'counted')).toBe(
      'By 1998, 4 support (50%), 2 refute (25%), 2 unclear. The leading side changed in 1992 (to refuting), 1998 (to supporting). ' +
        'Most recent study: 1998 (study 6, supporting). 2 studies without a year or a stance are not on the timeline.',
    );
  });

  it('reads the weighted series in the weighted mode', () => {
    expect(consensusSummary(consensus, 'weighted')).toContain('weighted by evidence 50% support, 30% refute. The leading side never changed.');
  });

  it('says so when nothing can be placed', () => {
    expect(consensusSummary(makeConsensus(), 'counted')).toBe('No study that addresses the question has both a stance and a publication year.');
  });

  it('describes one year for the tooltip', () => {
    expect(describeRow(consensusRows(consensus, 'counted')[1], 'counted')).toBe('1992: 3 studies so far (2 new); 1 support (33.3%), 2 refute (66.7%), 0 unclear.');
  });
});

describe('chartsForDesign', () => {
  const rct = makeCharts({ stance_distribution: makeDistribution({ supports: 3, refutes: 0, neutral: 0 }), consensus_over_time: consensus });
  const doc = makeDocument({
    papers: [
      makePaper(1, { design: { label: 'rct' as const, name: 'Randomised controlled trial', source: 'text', evidence: 'randomised' } }),
      makePaper(2, { design: { label: 'cohort' as const, name: 'Cohort study', source: 'text', evidence: 'cohort' } }),
    ],
    charts: makeCharts({ stance_distribution: makeDistribution({ supports: 5, refutes: 1, neutral: 1 }), by_design: { rct } }),
  });

  it('picks the server charts of the design and narrows the papers', () => {
    const narrowed = chartsForDesign(doc, 'rct');
    expect(narrowed.papers.map((p) => p.rank)).toEqual([1]);
    expect(narrowed.charts!.stance_distribution.labels.supports).toBe(3);
    expect(narrowed.charts!.consensus_over_time).toBe(consensus);
  });

  it('leaves the document alone without a filter', () => {
    expect(chartsForDesign(doc, null)).toBe(doc);
  });
});
