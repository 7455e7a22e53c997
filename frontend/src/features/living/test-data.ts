import type { ChangedStudy, Changes, Living, RunSummary } from '@/types/api';

/** Shapes of the living-questions API for this feature's tests (typed by the generated API types). */

export function makeRun(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    id: 'old1', status: 'done', created_at: '2026-11-02T09:00:00Z', finished_at: '2026-11-02T09:00:40Z',
    verdict: { label: 'yes', confidence: 'moderate', studies_counted: 6 },
    split: { supports: 5, refutes: 1, neutral: 0 }, counted: 6, studies: 20, ...overrides,
  };
}

export function makeStudy(pmid: string, overrides: Partial<ChangedStudy> = {}): ChangedStudy {
  return { pmid, rank: 1, title: `Study ${pmid}`, year: 2024, design: 'Randomised controlled trial', stance: 'refutes', retracted: false, ...overrides };
}

export function makeChanges(overrides: Partial<Changes> = {}): Changes {
  return {
    before: makeRun(),
    after: makeRun({ id: 'new1', created_at: '2026-12-03T10:00:00Z', verdict: { label: 'mixed', confidence: 'low', studies_counted: 7 },
      split: { supports: 4, refutes: 3, neutral: 0 }, counted: 7 }),
    new_studies: [makeStudy('111'), makeStudy('222', { stance: 'supports' })],
    gone_studies: [makeStudy('333', { stance: 'supports' })],
    kept: 18,
    stance_changed: [{ pmid: '444', title: 'Study 444', before: 'supports', after: 'refutes' }],
    newly_retracted: [],
    verdict_changed: true,
    ...overrides,
  };
}

export function makeLiving(overrides: Partial<Living> = {}): Living {
  return { rerun_of: null, reruns: [], can_rerun: true, schedule: null, ...overrides };
}
