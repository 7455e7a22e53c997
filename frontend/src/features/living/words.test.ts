import { describe, expect, it } from 'vitest';
import type { RunSummary } from '@/types/api';
import { delta, runDate, splitText } from './words';

const run = (split: RunSummary['split']): RunSummary => ({
  id: 'a', status: 'done', created_at: '2026-12-03T10:00:00Z', finished_at: null, verdict: null, split, counted: null, studies: 20,
});

describe('living words', () => {
  it('dates a run in UTC and says when it cannot', () => {
    expect(runDate('2026-12-03T23:30:00+00:00')).toBe('3 Dec 2026, 23:30 UTC');
    expect(runDate('2026-12-04T00:30:00+01:00')).toBe('3 Dec 2026, 23:30 UTC');
    expect(runDate(null)).toBe('an unknown date');
    expect(runDate('not a date')).toBe('an unknown date');
  });

  it('writes the split, or says there is none', () => {
    expect(splitText(run({ supports: 5, refutes: 1, neutral: 0 }))).toBe('5 support · 1 refute · 0 neutral');
    expect(splitText(run(null))).toBe('no stance split');
  });

  it('signs the change between two counts', () => {
    expect(delta(3, 5)).toBe('+2');
    expect(delta(5, 4)).toBe('−1');
    expect(delta(2, 2)).toBe('±0');
  });
});
