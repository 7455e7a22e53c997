import type { Failure } from '@/types/api';
import { outageLine } from '../outage';
import { failedPart } from '../stages';

/**
 * What is missing from this result: one plain line, with the services' own errors behind a disclosure
 * (placed below the answer, so an outage never pushes the verdict off the first screen).
 */
export function FailureList({ failures, source }: { failures: Failure[]; source: string }) {
  const line = outageLine({ failures, source });
  if (!failures.length || !line) return null;
  return (
    <details className="outage" data-testid="failures">
      <summary>
        <span className="outage__line">{line}</span> <span className="outage__more">Details</span>
      </summary>
      <ul>
        {failures.map((f, i) => (
          <li key={`${f.stage}-${f.source}-${i}`}>
            <strong>{failedPart(f.stage, f.source)}</strong>: {f.error}
          </li>
        ))}
      </ul>
    </details>
  );
}
