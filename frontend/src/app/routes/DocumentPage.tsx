import { useParams } from 'react-router-dom';
import { Loading, ErrorState } from '@/components/ui/Status';
import { NotesPanel, useMe } from '@/features/accounts';
import { DocumentView, useDocument } from '@/features/documents';

export function DocumentPage() {
  const { pmid = '' } = useParams();
  const doc = useDocument(pmid);
  const me = useMe();
  if (doc.isPending) return <Loading>Loading the study…</Loading>;
  if (doc.isError)
    return <ErrorState error={doc.error} title="This study cannot be shown" messages={{ 404: `No study with PMID ${pmid} is known.` }} />;
  return (
    <>
      <DocumentView doc={doc.data} />
      {me.data ? <NotesPanel pmid={pmid} /> : <p className="hint">Log in to keep notes on this study.</p>}
    </>
  );
}
