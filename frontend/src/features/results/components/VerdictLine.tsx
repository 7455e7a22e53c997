import { Disclaimer } from '@/components/ui/Disclaimer';
import type { Verdict } from '@/types/api';
import { CONFIDENCE_NAMES, VERDICT_NAMES, studies } from '../words';

/**
 * The result's first line: the verdict with its certainty and reason, the verdict's caution, and the
 * "not medical advice" sentence directly under it (not 7,000 px below in the footer).
 */
export function VerdictLine({ verdict }: { verdict: Verdict }) {
  return (
    <section className={`verdict verdict--${verdict.label}`} aria-labelledby="verdict-heading" data-testid="verdict">
      <h2 id="verdict-heading" className="visually-hidden">
        Verdict
      </h2>
      <p className="verdict__line">
        <strong className="verdict__label" data-testid="verdict-label">
          {VERDICT_NAMES[verdict.label]}
        </strong>{' '}
        <span className="verdict__certainty">
          {CONFIDENCE_NAMES[verdict.confidence]} · {studies(verdict.studies_counted)} counted
        </span>{' '}
        <span className="verdict__reason">{verdict.reason}</span>
      </p>
      {verdict.caution && (
        <p className="verdict__caution" data-testid="verdict-caution">
          {verdict.caution}
        </p>
      )}
      <Disclaimer />
    </section>
  );
}
