import { useNavigate } from 'react-router-dom';
import { PageHeading } from '@/components/ui/PageHeading';
import { useMe } from '@/features/accounts';
import { AskForm } from '@/features/search';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AskPage() {
  const navigate = useNavigate();
  const me = useMe();
  useDocumentTitle(null);
  return (
    <div className="ask-page">
      <PageHeading className="hero">What does the research say?</PageHeading>
      <p className="lede">
        Ask a health question. MedSEBA finds the 20 most relevant PubMed studies, shows whether each supports or refutes it, and writes a
        short answer that cites them.
      </p>
      <AskForm signedIn={Boolean(me.data)} onCreated={(created) => navigate(`/searches/${created.id}`)} />
    </div>
  );
}
