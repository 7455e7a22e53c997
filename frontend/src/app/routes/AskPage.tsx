import { useNavigate } from 'react-router-dom';
import { useMe } from '@/features/accounts';
import { AskForm } from '@/features/search';

export function AskPage() {
  const navigate = useNavigate();
  const me = useMe();
  return (
    <div className="ask-page">
      <h1 className="hero">What does the research say?</h1>
      <p className="lede">
        Ask a health question. MedSEBA finds the 20 most relevant PubMed studies, shows whether each supports or refutes it, and writes a
        short answer that cites them.
      </p>
      <AskForm signedIn={Boolean(me.data)} onCreated={(created) => navigate(`/searches/${created.id}`)} />
    </div>
  );
}
