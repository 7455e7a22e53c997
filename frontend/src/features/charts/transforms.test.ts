import { describe, expect, it } from 'vitest';
import { makeCharts, makeDistribution, makeDocument, makePaper, makeStance } from '@/test/factories';
import { chartsFor, citationSeries, segmentLabel, share, stanceByYear, stanceDistributionRow, stanceTotals } from './transforms';

describe('stanceTotals', () => {
  it('uses the server chart data when present', () => {
    const doc = makeDocument({
      charts: makeCharts({
        stance_distribution: makeDistribution({ supports: 7, refutes: 2, neutral: 1 }, { supports: 5.5, refutes: 1.2, neutral: 0.3 }, 10),
      }),
    });
    expect(stanceTotals(doc).labels).toEqual({ supports: 7, refutes: 2, neutral: 1 });
    expect(stanceTotals(doc).unjudged).toBe(10); // the server's count
  });

  it('takes the unjudged count from the server when it gives one', () => {
    const zero = { supports: 0, refutes: 0, neutral: 0 };
    const doc = makeDocument({ charts: makeCharts({ stance_distribution: makeDistribution(zero, zero, 20) }) });
    expect(stanceTotals(doc).unjudged).toBe(20);
    expect(stanceDistributionRow(doc, 'labels')).toBeNull();
  });

  it('derives counts and summed strengths from judged papers while running', () => {
    const papers = [
      makePaper(1, { stance: makeStance('supports', 0.9, 0.05, 0.05) }),
      makePaper(2, { stance: makeStance('refutes', 0.1, 0.7, 0.2) }),
      makePaper(3, { stance: null }),
    ];
    const totals = stanceTotals({ charts: null, papers });
    expect(totals.labels).toEqual({ supports: 1, refutes: 1, neutral: 0 });
    expect(totals.strengths).toEqual({ supports: 1, refutes: 0.75, neutral: 0.25 });
    expect(totals.unjudged).toBe(1);
  });
});

describe('stanceDistributionRow', () => {
  it('is null before any stance is known', () => {
    expect(stanceDistributionRow({ charts: null, papers: [makePaper(1, { stance: null })] }, 'labels')).toBeNull();
  });

  it('switches between counts and strengths', () => {
    const papers = [
      makePaper(1, { stance: makeStance('supports', 0.8, 0.1, 0.1) }),
      makePaper(2, { stance: makeStance('supports', 0.6, 0.3, 0.1) }),
    ];
    expect(stanceDistributionRow({ charts: null, papers }, 'labels')).toMatchObject({ supports: 2, refutes: 0, neutral: 0, total: 2 });
    expect(stanceDistributionRow({ charts: null, papers }, 'strengths')).toMatchObject({ supports: 1.4, refutes: 0.4, neutral: 0.2, total: 2 });
  });
});

describe('stanceByYear', () => {
  it('counts stance per year, oldest first, unjudged apart, skipping papers without a year', () => {
    const papers = [
      makePaper(1, { year: 2005, stance: makeStance('supports', 0.8, 0.1, 0.1) }),
      makePaper(2, { year: 1999, stance: makeStance('refutes', 0.1, 0.8, 0.1) }),
      makePaper(3, { year: 2005, stance: makeStance('neutral', 0.1, 0.1, 0.8) }),
      makePaper(4, { year: null }),
      makePaper(5, { year: 2001, stance: null }),
    ];
    expect(stanceByYear({ charts: null, papers })).toEqual([
      { year: 1999, supports: 0, refutes: 1, neutral: 0, unjudged: 0 },
      { year: 2001, supports: 0, refutes: 0, neutral: 0, unjudged: 1 },
      { year: 2005, supports: 1, refutes: 0, neutral: 1, unjudged: 0 },
    ]);
  });

  it('sorts the server rows by year', () => {
    const rows = [
      { year: 2010, supports: 1, refutes: 0, neutral: 0, unjudged: 0 },
      { year: 2001, supports: 0, refutes: 2, neutral: 0, unjudged: 0 },
    ];
    const doc = makeDocument({ charts: makeCharts({ stance_distribution: makeDistribution({ supports: 1, refutes: 2, neutral: 0 }), stance_by_year: rows }) });
    expect(stanceByYear(doc).map((r) => r.year)).toEqual([2001, 2010]);
  });
});

describe('citationSeries', () => {
  it('groups points by stance and counts unknown citations instead of plotting zero', () => {
    const papers = [
      makePaper(1, { year: 2000, citation_count: 12, stance: makeStance('supports', 0.9, 0.05, 0.05) }),
      makePaper(2, { year: 2003, citation_count: null }),
      makePaper(3, { year: 2001, citation_count: 0, stance: makeStance('refutes', 0.1, 0.8, 0.1) }),
    ];
    const result = citationSeries({ charts: null, papers });
    expect(result.plotted).toBe(2);
    expect(result.unavailable).toBe(1);
    expect(result.series.supports).toEqual([{ pmid: papers[0].pmid, rank: 1, title: papers[0].title, year: 2000, citations: 12 }]);
    expect(result.series.refutes[0].citations).toBe(0);
    expect(result.series.neutral).toEqual([]);
  });

  it('reports nothing plotted when no citation count is known (offline)', () => {
    const result = citationSeries(makeDocument());
    expect(result.plotted).toBe(0);
    expect(result.unavailable).toBe(20);
  });

  it('reads the server chart points and resolves titles by PMID', () => {
    const doc = makeDocument({
      charts: makeCharts({ citations_vs_year: [{ pmid: '10000003', rank: 3, year: 1993, citations: 40, stance: 'refutes', counted: true }] }),
    });
    expect(citationSeries(doc).series.refutes).toEqual([{ pmid: '10000003', rank: 3, title: 'Study 3 title about sumatriptan and migraine', year: 1993, citations: 40 }]);
  });
});

it('segmentLabel leaves a zero or too-narrow stacked segment unlabelled, so neighbouring numbers never run together', () => {
  expect(segmentLabel(0.05, 3.2)).toBe('');
  expect(segmentLabel(0, 5)).toBe('');
  expect(segmentLabel(0.4, 3.2)).toBe('0.4');
  expect(segmentLabel(2, 20)).toBe('2');
  expect(segmentLabel(1, 20)).toBe('');
});

it('share gives a rounded percentage', () => {
  expect(share(1, 3)).toBe('33%');
  expect(share(0, 0)).toBe('0%');
});

describe('chartsFor', () => {
  const counted = { labels: { supports: 5, refutes: 1, neutral: 0 }, strengths: { supports: 4, refutes: 1, neutral: 1 }, evidence: { supports: 3, refutes: 0.5, neutral: 0.2 }, unjudged: 0 };
  const all = { labels: { supports: 9, refutes: 6, neutral: 5 }, strengths: { supports: 9, refutes: 6, neutral: 5 }, evidence: { supports: 3, refutes: 0.5, neutral: 0.2 }, unjudged: 0 };
  const doc = makeDocument({
    charts: makeCharts({
      stance_distribution: counted,
      stance_by_year: [{ year: 2001, supports: 5, refutes: 1, neutral: 0, unjudged: 0 }],
      counted: 6,
      all_papers: { stance_distribution: all, stance_by_year: [{ year: 2001, supports: 9, refutes: 6, neutral: 5, unjudged: 0 }] },
    }),
  });

  it('keeps the counted studies by default and swaps in every paper on request', () => {
    expect(stanceTotals(chartsFor(doc, 'counted')).labels).toEqual(counted.labels);
    expect(stanceTotals(chartsFor(doc, 'counted')).unjudged).toBe(0); // the server's count, not 20 - 6
    expect(stanceTotals(chartsFor(doc, 'all')).labels).toEqual(all.labels);
    expect(stanceByYear(chartsFor(doc, 'all'))[0].supports).toBe(9);
  });

  it('leaves older results (no all_papers) as they are', () => {
    const old = makeDocument();
    expect(chartsFor(old, 'all')).toBe(old);
  });
});
