/** Plain words for pipeline stages and the services that can fail within them. */
import type { SearchDocument } from '@/types/api';
import { STAGE_GRAPH, type StageName } from '@/types/stages.gen';

/** One name per stage of the backend's graph (search/pipeline/graph.py): a stage added there fails the type-check. */
export const STAGE_NAMES: Record<StageName, string> = {
  understand: 'Understanding the question',
  retrieve: 'Finding candidate studies',
  rerank: 'Ranking the most relevant studies',
  enrich: 'Gathering citations and venues',
  judge: 'Judging what each study says',
  locate: 'Finding the sentence that answers',
  synthesise: 'Writing the answer',
  chart: 'Drawing the charts',
};

const PART_NAMES: Record<string, string> = {
  icite: 'Citation counts (NIH iCite)',
  semantic_scholar: 'Venues, influential citations and summaries (Semantic Scholar)',
  semanticscholar: 'Venues, influential citations and summaries (Semantic Scholar)',
  pmc: 'Open-access full-text links (PubMed Central)',
  clinicaltrials: 'Registered trials (ClinicalTrials.gov)',
  pubmed: 'PubMed search',
  local: 'Local study corpus',
  llm: 'The language model',
  openai: 'The language model',
};

const STAGE_PARTS: Record<StageName, string> = {
  understand: 'Understanding the question',
  retrieve: 'Finding studies',
  rerank: 'Ranking studies',
  enrich: 'Study metrics',
  judge: 'The stance of the studies',
  locate: 'The best sentence of each study',
  synthesise: 'The written answer',
  chart: 'The charts',
};

/** Pipeline order and the progress each stage reaches when it ends (generated from search/pipeline/graph.py). */
export const STAGE_PROGRESS = Object.fromEntries(STAGE_GRAPH.map((s) => [s.name, s.progress])) as Record<StageName, number>;
const ORDER: readonly string[] = STAGE_GRAPH.map((s) => s.name);
const isStage = (stage: string): stage is StageName => ORDER.includes(stage);

/**
 * The stage running now. The API persists a stage when it ends (progress reaches its mark), so the one
 * running is the next; a stage whose mark is not reached yet is itself still running.
 */
export function runningStage(stage: string, progress: number): string {
  if (!isStage(stage)) return ORDER[0];
  const at = ORDER.indexOf(stage);
  if (progress < STAGE_PROGRESS[stage]) return stage;
  return ORDER[at + 1] ?? stage;
}

export function stageName(stage: string): string {
  if (isStage(stage)) return STAGE_NAMES[stage];
  return stage ? stage.charAt(0).toUpperCase() + stage.slice(1) : 'Waiting';
}

/** "What is missing": the part of the result a failure took away. */
export function failedPart(stage: string, source: string): string {
  return PART_NAMES[source.toLowerCase()] ?? (isStage(stage) ? STAGE_PARTS[stage] : source || stage);
}

/**
 * What a screen reader hears as the search moves on (an aria-live region): the running stage, then
 * "Results ready" (or why nothing was searched, or that it failed). Changes only when the words change.
 */
export function liveStatus(doc: Pick<SearchDocument, 'status' | 'stage' | 'progress' | 'scope'> | undefined): string {
  if (!doc) return 'Loading the search…';
  if (doc.status === 'queued') return 'Waiting for a worker…';
  if (doc.status === 'running') return `${stageName(runningStage(doc.stage, doc.progress))}…`;
  if (doc.status === 'failed') return 'The search could not be completed.';
  if (doc.scope && !doc.scope.searched) return doc.scope.kind === 'emergency' ? 'This may be an emergency.' : 'Nothing was searched for this question.';
  return 'Results ready.';
}
