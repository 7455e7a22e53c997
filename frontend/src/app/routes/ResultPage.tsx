import { useParams } from 'react-router-dom';
import { Loading, ErrorState } from '@/components/ui/Status';
import { EvidenceCharts } from '@/features/charts';
import { ResultView, useSearch } from '@/features/results';

export function ResultPage() {
  const { id = '' } = useParams();
  const search = useSearch(id);
  if (search.isPending) return <Loading>Loading the search…</Loading>;
  if (search.isError && !search.data)
    return (
      <ErrorState
        error={search.error}
        title="This result cannot be shown"
        messages={{
          410: 'This anonymous result has expired: anonymous results are kept for a limited time only and then deleted. Please ask the question again.',
          404: 'There is no search with this address. It may have been deleted.',
        }}
      />
    );
  return (
    <>
      {search.isError && (
        <p className="alert alert--warning" role="status">
          Lost contact with the server ({(search.error as Error).message}); showing the last known state. Reload to try again.
        </p>
      )}
      <ResultView doc={search.data} charts={<EvidenceCharts doc={search.data} />} />
    </>
  );
}
