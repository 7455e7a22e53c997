import type { Failure } from '@/types/api';
import { outageLine } from '../outage';
import { failedPart } from '../stages';

/**
 * When a failure happened, in the reader's own time zone with the zone named ("1 Dec 2026, 10:41:07 UTC"); null
 * for a result stored before failures carried a time. A real time, not "61 s ago": a stored result is read later.
 */
export function failureTime(at: string, locale?: string, timeZone?: string): string | null {
  if (!at) return null;
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return null;
  return when.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'long', timeZone });
}

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
            {failureTime(f.at) && (
              <>
                {' '}
                <time className="outage__time" dateTime={f.at}>
                  ({failureTime(f.at)})
                </time>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
