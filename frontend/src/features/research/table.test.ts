import { describe, expect, it } from 'vitest';
import { makeCharts, makeDesign as design, makeDocument, makeEvidenceWeights, makePaper, makeStance } from '@/test/factories';
import { designOptions, filterRows, sortRows, tableRows } from './table';

const doc = makeDocument({
  papers: [
    makePaper(1, { year: 2001, design: design('cohort', 'Cohort study'), sample_size: { n: 300, sentence: '' }, citation_count: 5 }),
    makePaper(2, { year: 1995, design: design('rct', 'Randomised controlled trial'), sample_size: null, citation_count: null }),
    makePaper(3, { year: null, design: design('meta_analysis', 'Meta-analysis / systematic review'), sample_size: { n: 4000, sentence: '' }, citation_count: 50 }),
    makePaper(4, { year: 1999, design: design('rct', 'Randomised controlled trial'), sample_size: { n: 120, sentence: '' }, citation_count: 12,
      stance: makeStance('refutes', 0.1, 0.85, 0.05), addresses: { label: 'partly', reason: '' } }),
    makePaper(5, { year: 2003, design: null, stance: null, addresses: null }),
  ],
  charts: makeCharts({
    evidence_weights: makeEvidenceWeights([
      [0.4, 0.5, 1, 0.8], [0.6, 0.8, 1, 0.75], [0.9, 1, 1, 0.9], [0.34, 0.8, 0.5, 0.85], [0, 0.15, 1, 0],
    ]),
  }),
});
const rows = tableRows(doc);
const ranks = (r: { rank: number }[]) => r.map((x) => x.rank);

describe('evidence table rows', () => {
  it('carries what the cards show, the weight from the chart stage, null where unknown', () => {
    expect(rows[3]).toMatchObject({ rank: 4, year: 1999, designName: 'Randomised controlled trial', designWeight: 0.8, n: 120,
      addresses: 'partly', stance: 'refutes', strength: 0.85, weight: 0.34, citations: 12, venue: 'Journal 1' });
    expect(rows[4]).toMatchObject({ designLabel: null, stance: null, strength: null, addresses: null });
  });

  it('sorts by design strongest first, unknown last; the other way round on the second click', () => {
    expect(ranks(sortRows(rows, 'design', 'ascending'))).toEqual([3, 2, 4, 1, 5]);
    expect(ranks(sortRows(rows, 'design', 'descending'))).toEqual([1, 2, 4, 3, 5]);
  });

  it('keeps unknown values last whichever the direction', () => {
    expect(ranks(sortRows(rows, 'year', 'ascending'))).toEqual([2, 4, 1, 5, 3]);
    expect(ranks(sortRows(rows, 'year', 'descending'))).toEqual([5, 1, 4, 2, 3]);
    expect(ranks(sortRows(rows, 'citations', 'descending'))).toEqual([3, 4, 1, 2, 5]);
  });

  it('filters to one design and lists the designs present, strongest first, with counts', () => {
    expect(ranks(filterRows(rows, 'rct'))).toEqual([2, 4]);
    expect(filterRows(rows, null)).toBe(rows);
    expect(designOptions(rows)).toEqual([
      { label: 'meta_analysis', name: 'Meta-analysis / systematic review', count: 1 },
      { label: 'rct', name: 'Randomised controlled trial', count: 2 },
      { label: 'cohort', name: 'Cohort study', count: 1 },
    ]);
  });
});
