/** Builders for result documents in the shape of DESIGN.md and /work/contract.md, for component tests. */
import type { Paper, Scope, ScopeKind, SearchDocument, StanceLabel, Verdict } from '@/types/api';

const LABELS: StanceLabel[] = ['supports', 'supports', 'refutes', 'neutral', 'supports'];

export function makePaper(rank: number, overrides: Partial<Paper> = {}): Paper {
  const label = LABELS[rank % LABELS.length];
  const strong = 0.6 + (rank % 4) * 0.1;
  const rest = (1 - strong) / 2;
  return {
    rank,
    pmid: String(10_000_000 + rank),
    title: `Study ${rank} title about sumatriptan and migraine`,
    abstract: `Background sentence ${rank}. Sumatriptan relieved headache in study ${rank}. Closing sentence.`,
    year: 1990 + (rank % 6),
    journal: `Journal ${rank % 3}`,
    venue: null,
    publication_types: ['Randomized Controlled Trial'],
    mesh: ['Migraine Disorders', 'Sumatriptan'],
    doi: '',
    pmcid: '',
    full_text_url: null,
    citation_count: null,
    relative_citation_ratio: null,
    similarity: 0.8 - rank / 100,
    stance: {
      label,
      supports: label === 'supports' ? strong : rest,
      refutes: label === 'refutes' ? strong : rest,
      neutral: label === 'neutral' ? strong : rest,
      uncertain: false,
    },
    best_sentence: { index: 1, text: `Sumatriptan relieved headache in study ${rank}.`, score: 0.7 },
    summary: `Summary of study ${rank}.`,
    addresses: { label: 'yes', reason: `Study ${rank} measured migraine relief after sumatriptan.` },
    ...overrides,
  };
}

export function makeVerdict(overrides: Partial<Verdict> = {}): Verdict {
  return {
    label: 'yes',
    confidence: 'moderate',
    studies_counted: 14,
    reason: '12 of the 14 studies that address the question find that sumatriptan relieves migraine.',
    caution: null,
    ...overrides,
  };
}

const IN_SCOPE: Scope = { kind: 'in_scope', message: '', searched: true, suggestion: null, emergency_numbers: [], examples: [], covers: [] };

/** A scope decision; not-searched kinds get the contract's companion fields filled in. */
export function makeScope(kind: ScopeKind, overrides: Partial<Scope> = {}): Scope {
  const base: Record<ScopeKind, Partial<Scope>> = {
    in_scope: {},
    borderline: { message: 'This question is close to personal medical advice; read the studies with care.' },
    emergency: {
      message: 'This sounds like an emergency. Call your local emergency number now.',
      searched: false,
      emergency_numbers: [
        { region: 'Europe', number: '112' },
        { region: 'United States and Canada', number: '911' },
        { region: 'United Kingdom', number: '999' },
        { region: 'Suicide and crisis line (US)', number: '988' },
      ],
    },
    personal: {
      message: 'Published studies cannot tell you a dose for your child; ask a pharmacist or read the label.',
      searched: false,
      suggestion: 'Is ibuprofen safe for young children?',
    },
    off_topic: {
      message: 'This question is not about health, so the medical literature cannot answer it.',
      searched: false,
      examples: ['Does sumatriptan relieve migraine?', 'Do ACE inhibitors reduce mortality in heart failure?'],
      covers: ['migraine treatments', 'heart failure drugs'],
    },
    nonsense: {
      message: 'We could not read a question in this text.',
      searched: false,
      examples: ['Does sumatriptan relieve migraine?'],
      covers: ['migraine treatments'],
    },
  };
  return { ...IN_SCOPE, kind, ...base[kind], ...overrides };
}

/** A document stopped by the scope guard: done right after understand, nothing searched. */
export function makeGuardedDocument(kind: ScopeKind, overrides: Partial<SearchDocument> = {}): SearchDocument {
  return makeDocument({ scope: makeScope(kind), stage: 'understand', papers: [], answer: null, charts: null, ...overrides });
}

export function makeDocument(overrides: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id: 'abc123',
    question: 'Does sumatriptan relieve migraine?',
    status: 'done',
    stage: 'chart',
    progress: 100,
    error: '',
    filters: { from_year: null, to_year: null, publication_types: [] },
    query: {
      boolean: '("sumatriptan"[MeSH Terms] OR sumatriptan[tiab]) AND ("migraine disorders"[MeSH Terms] OR migraine[tiab])',
      concepts: [
        { text: 'sumatriptan', mesh_id: 'D017833', synonyms: ['Imitrex'] },
        { text: 'migraine', mesh_id: 'D008881', synonyms: ['migraine disorders'] },
      ],
      attempts: [],
      frame: { kind: 'effect', intervention: 'sumatriptan', comparator: null, outcome: 'migraine relief', population: null },
    },
    source: 'local',
    papers: Array.from({ length: 20 }, (_, i) => makePaper(i + 1)),
    answer: {
      text: 'Yes: most studies find that sumatriptan relieves migraine [1, 2]. Some do not [3].',
      sections: [
        { heading: 'Headache relief', text: 'Sumatriptan relieved headache within two hours [1], [5].', refs: [1, 5] },
        { heading: 'Mixed findings', text: 'One trial found no difference [3-4].', refs: [3, 4] },
      ],
      kind: 'extractive',
      verdict: makeVerdict(),
    },
    charts: null,
    failures: [],
    scope: IN_SCOPE,
    ...overrides,
  };
}
