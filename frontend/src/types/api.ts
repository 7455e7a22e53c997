/**
 * The API's shapes, by the names the front end uses. Every one is an alias of the type generated from the OpenAPI
 * schema (./api.gen.ts, `npm run gen:api`): the serializers are the one definition, nothing here is written by hand.
 * A field the front end needs and the schema lacks is added to the serializer, then the file regenerated.
 */
import type { components } from './api.gen';

type Schemas = components['schemas'];

export type StanceLabel = Schemas['StanceLabelEnum'];
/** The labels in display order (a value, so it cannot be generated; `satisfies` keeps it to the schema's set). */
export const STANCE_LABELS = ['supports', 'refutes', 'neutral'] as const satisfies readonly StanceLabel[];

export type SearchStatus = Schemas['SearchStatusEnum'];
export type Filters = Schemas['Filters'];
export type Concept = Schemas['Concept'];
export type QueryAttempt = Schemas['Attempt'];
export type FrameKind = Schemas['FrameKindEnum'];
export type ComparisonClaim = Schemas['ClaimEnum'];
/** What the question asks (query.frame); texts as written in the question, null when absent. */
export type QueryFrame = Schemas['Frame'];
export type SearchQuery = Schemas['Query'];

export type ScopeKind = Schemas['ScopeKindEnum'];
export type EmergencyNumber = Schemas['EmergencyNumber'];
/** The scope guard's decision; null until `understand` ran. */
export type Scope = Schemas['Scope'];

export type AddressesLabel = Schemas['AddressesLabelEnum'];
export type Addresses = Schemas['Addresses'];
export type Stance = Schemas['Stance'];
export type BestSentence = Schemas['BestSentence'];
export type Design = Schemas['Design'];
export type Paper = Schemas['Paper'];

export type AnswerSection = Schemas['AnswerSection'];
export type VerdictLabel = Schemas['VerdictLabelEnum'];
export type VerdictConfidence = Schemas['ConfidenceEnum'];
export type Verdict = Schemas['Verdict'];
export type Answer = Schemas['Answer'];
export type ReadingMode = Schemas['ReadingModeEnum'];
/** The reading modes, lay (the default) first. */
export const READING_MODES = ['lay', 'clinician'] as const satisfies readonly ReadingMode[];
export type ModeText = Schemas['ModeText'];
export type BottomLine = Schemas['BottomLine'];
export type GlossaryEntry = Schemas['GlossaryEntry'];
export type Trial = Schemas['Trial'];
export type Trials = Schemas['Trials'];
export type Preferences = Schemas['Preferences'];

export type StanceTotals = Schemas['StanceCounts'];
export type YearStance = Schemas['YearStance'];
export type CitationPoint = Schemas['CitationPoint'];
export type StanceDistribution = Schemas['StanceDistribution'];
export type Charts = Schemas['Charts'];
/** The charts over the papers of one design (charts.by_design[label]): the evidence table's filter narrows to these. */
export type DesignCharts = Schemas['DesignCharts'];
export type Consensus = Schemas['Consensus'];
export type ConsensusPoint = Schemas['ConsensusPoint'];
export type LeadChange = Schemas['LeadChange'];
export type EvidenceWeight = Schemas['EvidenceWeight'];
/** Where a result came from: source and corpus version or PubMed query date, query, filters, models, code. */
export type Provenance = Schemas['Provenance'];

export type Failure = Schemas['Failure'];
export type SearchDocument = Schemas['SearchDocument'];
/** Living questions (search/living.py): a search's earlier run, its re-runs, may I re-run it, its schedule. */
export type Living = Schemas['Living'];
export type RunRef = Schemas['RunRef'];
export type LivingSchedule = Schemas['LivingSchedule'];
export type ScheduleEvery = Schemas['LivingSchedule']['every'];
/** GET /api/searches/{id}/changes/: what changed since the run this search re-ran (search/changes.py). */
export type Changes = Schemas['Changes'];
export type RunSummary = Schemas['RunSummary'];
export type ChangedStudy = Schemas['ChangedStudy'];
export type CreatedSearch = Schemas['SearchCreated'];
export type SearchRequest = Schemas['SearchCreateInput'];
export type InputLimits = Schemas['SearchLimits'];

export type DocumentDetail = Schemas['Document'];
export type DocumentMetrics = Schemas['DocumentMetrics'];

export type User = Schemas['User'];
export type Session = Schemas['Session'];
export type HistoryItem = Schemas['HistoryItem'];
/** One page of GET /api/history/ ({count, next, previous, results}). */
export type HistoryPage = Schemas['PaginatedHistoryItemList'];
export type Folder = Schemas['Folder'];
export type Note = Schemas['Note'];
export type Topic = Schemas['Topic'];
export type Credentials = Schemas['SignupInput'];
