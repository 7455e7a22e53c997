import { Link, useLocation, useParams } from 'react-router-dom';
import { Loading, ErrorState } from '@/components/ui/Status';
import { NotesPanel, useMe } from '@/features/accounts';
import { DocumentView, useDocument } from '@/features/documents';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Where the reader came from, when a result page linked here (router state; absent on a direct visit). */
function cameFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/searches/') ? from : null;
}

export function DocumentPage() {
  const { pmid = '' } = useParams();
  const location = useLocation();
  const doc = useDocument(pmid);
  const me = useMe();
  const from = cameFrom(location.state);
  useDocumentTitle(doc.data ? doc.data.title || `PMID ${pmid}` : doc.isError ? 'Study unavailable' : 'Loading a study');
  const back = from && (
    <Link to={from} className="back-link" data-testid="back-to-results">
      ← Back to the results
    </Link>
  );
  if (doc.isPending) return <Loading>Loading the study…</Loading>;
  if (doc.isError)
    return (
      <>
        {back}
        <ErrorState error={doc.error} title="This study cannot be shown" messages={{ 404: `No study with PMID ${pmid} is known.` }} />
      </>
    );
  return (
    <>
      {back}
      <DocumentView doc={doc.data} />
      {me.data ? (
        <NotesPanel pmid={pmid} />
      ) : (
        <p className="hint" data-testid="notes-login">
          <Link to="/login" state={{ next: location.pathname }}>
            Log in
          </Link>{' '}
          to keep notes on this study.
        </p>
      )}
    </>
  );
}
