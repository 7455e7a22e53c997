import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading, ErrorState } from '@/components/ui/Status';
import { EvidenceCharts } from '@/features/charts';
import { LivingPanel } from '@/features/living';
import { EvidenceTable, ResearchPanel } from '@/features/research';
import { ResultView, VERDICT_NAMES, isFinished, liveStatus, useReadingMode, useSearch } from '@/features/results';
import { useCreateSearch } from '@/features/search';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

export const RESULT_ERRORS: Record<number, string> = {
  410: 'This anonymous result has expired: anonymous results are kept for a limited time only and then deleted. Please ask the question again.',
  404: 'There is no search with this address. It may have been deleted.',
};

/** The API says "private" (someone else's search) apart from "not found" (never existed, or deleted). */
export const RESULT_ERROR_CODES: Record<string, string> = {
  private: 'This search is private to its owner. If it is yours, log in with the account that asked it.',
  lost: 'This anonymous search was lost when the service restarted: anonymous searches are kept only in memory, never on disk. Please ask your question again.',
};

/** The search itself is gone (410: expired, or lost in a restart), not merely out of reach for a moment. */
function isGone(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 410;
}

export function ResultPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [mode, setMode] = useReadingMode(); // lay / clinician: per account when signed in, else per browser
  const search = useSearch(id, mode);
  const ask = useCreateSearch({ onCreated: (created) => navigate(`/searches/${created.id}`) });
  const doc = search.data;
  // The evidence table's design filter (e.g. only randomised trials) also narrows the charts: one state for both.
  const [design, setDesign] = useState<string | null>(null);
  useDocumentTitle(doc ? doc.question : search.isError ? 'Result unavailable' : 'Loading a result');

  const onAsk = (question: string) =>
    ask.mutate({
      question,
      filters: doc?.filters ?? { from_year: null, to_year: null, publication_types: [] },
      anonymous: Boolean(doc?.anonymous),
      mode,
    });

  return (
    <>
      {/* Always in the page, so each change (stage, "Results ready") is announced. */}
      <p className="visually-hidden" aria-live="polite" data-testid="live-status">
        {(search.isError && !doc) || isGone(search.error) ? '' : liveStatus(doc)}
      </p>
      {search.isPending ? (
        <Loading>Loading the search…</Loading>
      ) : search.isError && !doc ? (
        <ErrorState error={search.error} title="This result cannot be shown" messages={RESULT_ERRORS} codeMessages={RESULT_ERROR_CODES} />
      ) : (
        <>
          {isGone(search.error) ? (
            <section className="alert alert--error" role="alert" data-testid="search-gone">
              <p>“{doc!.question}”</p>
              <p>{RESULT_ERROR_CODES[search.error.code] ?? RESULT_ERRORS[410]}</p>
              <p>
                <button type="button" className="button button--primary" onClick={() => onAsk(doc!.question)} disabled={ask.isPending}>
                  Ask again
                </button>
              </p>
            </section>
          ) : search.isError && (
            <p className="alert alert--warning" role="status">
              Lost contact with the server ({(search.error as Error).message}); showing the last known state. Reload to try again.
            </p>
          )}
          {ask.error && (
            <p className="alert alert--error" role="alert">
              The new search could not be started: {ask.error.message}
            </p>
          )}
          {/* A search gone before it finished has nothing more to show: no spinner that never ends. */}
          {!(isGone(search.error) && !isFinished(doc)) && (
            <>
              <ResultView
                doc={doc!}
                charts={<EvidenceCharts doc={doc!} design={design} />}
                table={<EvidenceTable doc={doc!} design={design} onDesign={setDesign} />}
                onAsk={onAsk}
                asking={ask.isPending}
                mode={mode}
                onMode={setMode}
              />
              {doc!.papers.length > 0 && <ResearchPanel doc={doc!} />}
              {/* Living questions: the owner re-runs the search; a re-run shows what changed (issue 15 §6). */}
              <LivingPanel doc={doc!} verdictNames={VERDICT_NAMES} onRerun={(created) => navigate(`/searches/${created.id}`)} />
            </>
          )}
        </>
      )}
    </>
  );
}
