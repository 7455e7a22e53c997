/** Display words for ClinicalTrials.gov values (the registry's enums), kept pure for tests. */
import type { Failure, Trial } from '@/types/api';

export const REGISTRY_SOURCE = 'clinicaltrials';

/** "ACTIVE_NOT_RECRUITING" -> "Active, not recruiting". */
export function statusWords(status: string | null | undefined): string {
  if (!status) return 'Status not given';
  const words = status.toLowerCase().split('_').join(' ');
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(' not ', ', not ');
}

/** ["PHASE1", "PHASE2"] -> "Phase 1/2"; ["NA"] or none -> "No phase". */
export function phaseWords(phases: readonly string[]): string {
  const numbers = phases.filter((p) => /^(EARLY_)?PHASE\d$/.test(p)).map((p) => (p.startsWith('EARLY_') ? 'early 1' : p.slice(-1)));
  return numbers.length ? `Phase ${numbers.join('/')}` : 'No phase';
}

export function enrolmentWords(trial: Pick<Trial, 'enrollment' | 'enrollment_type'>): string {
  if (trial.enrollment === null || trial.enrollment === undefined) return 'Enrolment not given';
  const people = `${trial.enrollment.toLocaleString('en')} ${trial.enrollment === 1 ? 'person' : 'people'}`;
  return trial.enrollment_type === 'ESTIMATED' ? `${people} (planned)` : trial.enrollment_type === 'ACTUAL' ? `${people} (enrolled)` : people;
}

export function resultsWords(hasResults: boolean | null | undefined): string {
  return hasResults === true ? 'Results posted' : hasResults === false ? 'No results posted' : 'Results: not stated';
}

/** The registry's failure in this search, if it failed. */
export const registryFailure = (failures: readonly Failure[]): Failure | undefined => failures.find((f) => f.source === REGISTRY_SOURCE);
