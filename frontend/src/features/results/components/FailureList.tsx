import type { Failure } from '@/types/api';
import { failedPart } from '../stages';

/** What is missing from this result and why, in plain words. */
export function FailureList({ failures }: { failures: Failure[] }) {
  if (!failures.length) return null;
  return (
    <section className="alert alert--warning" aria-labelledby="failures-heading" data-testid="failures">
      <h2 id="failures-heading" className="alert__title">
        Parts of this result are missing
      </h2>
      <ul>
        {failures.map((f, i) => (
          <li key={`${f.stage}-${f.source}-${i}`}>
            <strong>{failedPart(f.stage, f.source)}</strong>: unavailable for this search. <span className="hint">Why: {f.error}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
