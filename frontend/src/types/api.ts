/** The result document of DESIGN.md (shared by the API and `manage.py ask --json`). Fields may be added. */

export type StanceLabel = 'supports' | 'refutes' | 'neutral';
export const STANCE_LABELS: readonly StanceLabel[] = ['supports', 'refutes', 'neutral'] as const;

export type SearchStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Filters {
  from_year: number | null;
  to_year: number | null;
  publication_types: string[];
}

export interface Concept {
  text: string;
  mesh_id: string | null;
  synonyms: string[];
  mesh_heading?: string | null;
  kind?: string;
}

export interface QueryAttempt {
  boolean: string;
  hits: number;
  note?: string;
}

export interface SearchQuery {
  boolean: string;
  concepts: Concept[];
  attempts?: QueryAttempt[];
  message?: string;
}

export interface Stance {
  label: StanceLabel;
  supports: number;
  refutes: number;
  neutral: number;
  rationale?: string;
}

export interface BestSentence {
  index: number;
  text: string;
  score: number;
}

export interface Paper {
  rank: number;
  pmid: string;
  title: string;
  abstract: string;
  year: number | null;
  journal: string;
  venue: string | null;
  publication_types: string[];
  mesh: string[];
  doi: string;
  pmcid: string;
  full_text_url: string | null;
  citation_count: number | null;
  relative_citation_ratio: number | null;
  similarity: number;
  stance: Stance | null;
  best_sentence: BestSentence | null;
  summary: string | null;
  retracted?: boolean;
  tldr?: string | null;
}

export interface AnswerSection {
  heading: string;
  text: string;
  refs: number[];
}

export interface Answer {
  text: string;
  sections: AnswerSection[];
  kind?: string;
}

export interface StanceTotals {
  supports: number;
  refutes: number;
  neutral: number;
}

export interface YearStance extends StanceTotals {
  year: number;
  /** Papers of that year without a stance (judging unavailable). */
  unjudged?: number;
}

export interface CitationPoint {
  pmid: string;
  rank?: number;
  year: number | null;
  citations: number | null;
  stance: StanceLabel | null;
}

export interface Charts {
  stance_distribution: { labels: StanceTotals; strengths: StanceTotals; unjudged?: number };
  stance_by_year: YearStance[];
  citations_vs_year: CitationPoint[];
  total?: number;
  unjudged?: number;
  unknown_year?: number;
  unknown_citations?: number;
}

export interface Failure {
  stage: string;
  source: string;
  error: string;
}

export interface SearchDocument {
  id: string;
  question: string;
  status: SearchStatus;
  stage: string;
  progress: number;
  error?: string;
  filters: Filters;
  query: SearchQuery | null;
  source: string;
  models?: Record<string, unknown>;
  papers: Paper[];
  answer: Answer | null;
  charts: Charts | null;
  failures: Failure[];
  timings_ms?: Record<string, number>;
  anonymous?: boolean;
}

export interface CreatedSearch {
  id: string;
  url?: string;
  status?: SearchStatus;
}

export interface SearchRequest {
  question: string;
  filters: Filters;
  anonymous: boolean;
}
