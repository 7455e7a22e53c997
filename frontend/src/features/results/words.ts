/** Plain words for the result document's codes (verdict, certainty, addresses, question frame). */
import type { AddressesLabel, ComparisonClaim, FrameKind, VerdictConfidence, VerdictLabel } from '@/types/api';

export const VERDICT_NAMES: Record<VerdictLabel, string> = {
  yes: 'Yes',
  no: 'No',
  mixed: 'Mixed',
  insufficient: 'Not settled by these studies',
};

export const CONFIDENCE_NAMES: Record<VerdictConfidence, string> = {
  low: 'Low certainty',
  moderate: 'Moderate certainty',
  high: 'High certainty',
};

export const ADDRESSES_NAMES: Record<AddressesLabel, string> = {
  yes: 'Answers your question',
  partly: 'Partly',
  no: 'Does not address it',
};

export const FRAME_KIND_NAMES: Record<FrameKind, string> = {
  effect: 'Does it work',
  comparison: 'Which is better',
  safety: 'Is it safe',
  harm: 'Does it cause harm',
  association: 'Are they linked',
  other: 'General question',
};

/** A comparison's kind, by what it claims of the treatment ("is X better?" is not "does X work as well?"); a harm
 * question asked as "is it dangerous?". */
export const COMPARISON_CLAIM_NAMES: Record<ComparisonClaim, string> = {
  better: 'Which is better',
  as_good: 'Is it as good',
  worse: 'Is it worse',
  danger: 'Is it dangerous',
};

/** "1 study", "2 studies". */
export function studies(n: number): string {
  return `${n} ${n === 1 ? 'study' : 'studies'}`;
}
