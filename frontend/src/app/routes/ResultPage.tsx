import { useNavigate, useParams } from 'react-router-dom';
import { Loading, ErrorState } from '@/components/ui/Status';
import { EvidenceCharts } from '@/features/charts';
import { ResultView, liveStatus, useSearch } from '@/features/results';
import { useCreateSearch } from '@/features/search';
import { useDocumentTitle } from '@/lib/use-document-title';

export const RESULT_ERRORS: Record<number, string> = {
  410: 'This anonymous result has expired: anonymous results are kept for a limited time only and then deleted. Please ask the question again.',
  404: 'There is no search with this address. It may have been deleted.',
};

/** The API says "private" (someone else's search) apart from "not found" (never existed, or deleted). */
export const RESULT_ERROR_CODES: Record<string, string> = {
  private: 'This search is private to its owner. If it is yours, log in with the account that asked it.',
};

export function ResultPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const search = useSearch(id);
  const ask = useCreateSearch({ onCreated: (created) => navigate(`/searches/${created.id}`) });
  const doc = search.data;
  useDocumentTitle(doc ? doc.question : search.isError ? 'Result unavailable' : 'Loading a result');

  const onAsk = (question: string) =>
    ask.mutate({
      question,
      filters: doc?.filters ?? { from_year: null, to_year: null, publication_types: [] },
      anonymous: Boolean(doc?.anonymous),
    });

  return (
    <>
      {/* Always in the page, so each change (stage, "Results ready") is announced. */}
      <p className="visually-hidden" aria-live="polite" data-testid="live-status">
        {search.isError && !doc ? '' : liveStatus(doc)}
      </p>
      {search.isPending ? (
        <Loading>Loading the search…</Loading>
      ) : search.isError && !doc ? (
        <ErrorState error={search.error} title="This result cannot be shown" messages={RESULT_ERRORS} codeMessages={RESULT_ERROR_CODES} />
      ) : (
        <>
          {search.isError && (
            <p className="alert alert--warning" role="status">
              Lost contact with the server ({(search.error as Error).message}); showing the last known state. Reload to try again.
            </p>
          )}
          {ask.error && (
            <p className="alert alert--error" role="alert">
              The new search could not be started: {ask.error.message}
            </p>
          )}
          <ResultView doc={doc!} charts={<EvidenceCharts doc={doc!} />} onAsk={onAsk} asking={ask.isPending} />
        </>
      )}
    </>
  );
}
