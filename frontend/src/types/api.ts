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

export type FrameKind = 'effect' | 'comparison' | 'safety' | 'harm' | 'association' | 'other';

/** What the question asks (contract: query.frame); texts as written in the question, null when absent. */
export interface QueryFrame {
  kind: FrameKind;
  intervention: string | null;
  comparator: string | null;
  outcome: string | null;
  population: string | null;
}

export interface SearchQuery {
  boolean: string;
  concepts: Concept[];
  attempts?: QueryAttempt[];
  message?: string;
  frame?: QueryFrame | null;
}

export type ScopeKind = 'in_scope' | 'borderline' | 'emergency' | 'personal' | 'off_topic' | 'nonsense';

export interface EmergencyNumber {
  region: string;
  number: string;
}

/** The scope guard's decision (contract: scope); null until `understand` ran. */
export interface Scope {
  kind: ScopeKind;
  /** Plain words for the person; "" for in_scope. */
  message: string;
  /** false for emergency / personal / off_topic / nonsense: no papers, no verdict. */
  searched: boolean;
  /** personal: the underlying research question, offered as a search. */
  suggestion: string | null;
  emergency_numbers: EmergencyNumber[];
  examples: string[];
  covers: string[];
}

export type AddressesLabel = 'yes' | 'partly' | 'no';

/** Whether a study addresses the question at all (contract: papers[].addresses). */
export interface Addresses {
  label: AddressesLabel;
  reason: string;
}

export interface Stance {
  label: StanceLabel;
  supports: number;
  refutes: number;
  neutral: number;
  rationale?: string;
  /** The classifier's confidence is low: show "Uncertain", not a confident label. */
  uncertain?: boolean;
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
  addresses?: Addresses | null;
  /** Study design (backend search/design.py); name is its display name. */
  design?: { label: string; name: string; source: 'publication_type' | 'mesh' | 'text'; evidence: string } | null;
  /** People randomised / enrolled / included, with the sentence that says so; null when not stated. */
  sample_size?: { n: number; sentence: string } | null;
}

export interface AnswerSection {
  heading: string;
  text: string;
  refs: number[];
}

export type VerdictLabel = 'yes' | 'no' | 'mixed' | 'insufficient';
export type VerdictConfidence = 'low' | 'moderate' | 'high';

/** The answer's verdict (contract: answer.verdict), from the studies that address the question. */
export interface Verdict {
  label: VerdictLabel;
  confidence: VerdictConfidence;
  /** Papers with addresses yes/partly that the verdict used. */
  studies_counted: number;
  /** One plain sentence: why this verdict. */
  reason: string;
  /** e.g. the safety caution "Ask your doctor or pharmacist ...". */
  caution: string | null;
}

export interface Answer {
  /** The headline sentence; it follows from the verdict. */
  text: string;
  sections: AnswerSection[];
  kind?: string;
  verdict?: Verdict | null;
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
  /** The verdict counts this study (it addresses the question). */
  counted?: boolean;
}

export interface StanceDistribution {
  labels: StanceTotals;
  strengths: StanceTotals;
  unjudged?: number;
}

export interface Charts {
  /** Over the studies the verdict counts (when `counted` is given), else over every paper. */
  stance_distribution: StanceDistribution;
  stance_by_year: YearStance[];
  /** How many studies the verdict counts: the stance charts' default view. */
  counted?: number;
  /** The same two stance charts over every paper, to switch to. */
  all_papers?: { stance_distribution: StanceDistribution; stance_by_year: YearStance[] };
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
  /** The scope guard's decision; null (or absent on older results) before `understand` ran. */
  scope?: Scope | null;
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
