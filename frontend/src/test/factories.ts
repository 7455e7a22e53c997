/** Builders for result documents in the shape of DESIGN.md, for component tests. */
import type { Paper, SearchDocument, StanceLabel } from '@/types/api';

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
    stance: { label, supports: label === 'supports' ? strong : rest, refutes: label === 'refutes' ? strong : rest, neutral: label === 'neutral' ? strong : rest },
    best_sentence: { index: 1, text: `Sumatriptan relieved headache in study ${rank}.`, score: 0.7 },
    summary: `Summary of study ${rank}.`,
    ...overrides,
  };
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
    },
    charts: null,
    failures: [],
    ...overrides,
  };
}
