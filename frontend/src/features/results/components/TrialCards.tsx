import type { Failure, Trials } from '@/types/api';
import { enrolmentWords, phaseWords, registryFailure, resultsWords, statusWords } from '../trials';

/**
 * Registered trials from ClinicalTrials.gov for the question's condition and intervention (up to 5), or a plain
 * "trial registry unavailable" when the registry could not be reached; nothing else of the result depends on it.
 */
export function TrialCards({ trials, failures, pending }: { trials: Trials | null | undefined; failures: readonly Failure[]; pending: boolean }) {
  const failed = registryFailure(failures);
  if (!trials && !failed && !pending) return null;
  return (
    <section className="trials" aria-labelledby="trials-heading" data-testid="trials">
      <h2 id="trials-heading">Registered trials</h2>
      {failed ? (
        <p className="hint" data-testid="trials-unavailable">
          Trial registry unavailable: ClinicalTrials.gov could not be reached for this search, so ongoing and unpublished trials are not shown.
        </p>
      ) : !trials ? (
        <p className="hint">Looking for registered trials…</p>
      ) : trials.studies.length === 0 ? (
        <p className="hint">No registered trials found for {trials.query.intervention}{trials.query.condition ? ` and ${trials.query.condition}` : ''}.</p>
      ) : (
        <>
          <p className="hint">
            Trials registered for {trials.query.intervention}
            {trials.query.condition ? ` and ${trials.query.condition}` : ''}: ongoing and finished, published or not.{' '}
            <a href={trials.url} target="_blank" rel="noopener noreferrer">
              See {trials.total !== null ? `all ${trials.total.toLocaleString('en')}` : 'all'} on ClinicalTrials.gov
            </a>
          </p>
          <ul className="trials__list">
            {trials.studies.map((t) => (
              <li key={t.nct_id} className="trial-card" data-testid="trial-card">
                <h3 className="trial-card__title">{t.title}</h3>
                <p className="trial-card__meta">
                  <a href={t.url} target="_blank" rel="noopener noreferrer" data-testid="trial-nct">
                    {t.nct_id}
                  </a>{' '}
                  · <span data-testid="trial-status">{statusWords(t.status)}</span> · {phaseWords(t.phases)} · {enrolmentWords(t)}
                </p>
                <p className="trial-card__meta">
                  {t.start_date ? `Started ${t.start_date}` : 'Start date not given'}
                  {t.completion_date ? ` · completion ${t.completion_date}` : ''}
                  {t.sponsor ? ` · sponsor: ${t.sponsor}` : ''} · {resultsWords(t.has_results)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
