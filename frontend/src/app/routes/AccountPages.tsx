import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PageHeading } from '@/components/ui/PageHeading';
import { Loading } from '@/components/ui/Status';
import { AuthForm, HistoryView, NotesList, TopicsChart, useMe } from '@/features/accounts';
import { useDocumentTitle } from '@/lib/use-document-title';

/** After logging in, go back to the page that asked for it (e.g. a study's notes), else the account page. */
function nextPath(state: unknown): string {
  const next = (state as { next?: unknown } | null)?.next;
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : '/account';
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle('Log in');
  return (
    <div className="narrow">
      <AuthForm mode="login" onDone={() => navigate(nextPath(location.state))} />
      <p>
        No account? <Link to="/signup">Sign up</Link>.
      </p>
    </div>
  );
}

export function SignupPage() {
  const navigate = useNavigate();
  useDocumentTitle('Sign up');
  return (
    <div className="narrow">
      <AuthForm mode="signup" onDone={() => navigate('/account', { state: { welcome: true } })} />
      <p>
        Already registered? <Link to="/login">Log in</Link>.
      </p>
    </div>
  );
}

export function AccountPage() {
  const me = useMe();
  const location = useLocation();
  const welcome = Boolean((location.state as { welcome?: unknown } | null)?.welcome);
  useDocumentTitle('Your account');
  if (me.isPending) return <Loading>Loading your account…</Loading>;
  if (!me.data) return <Navigate to="/login" replace />;
  return (
    <div className="account">
      <PageHeading>Your account, {me.data.username}</PageHeading>
      {welcome && (
        <p className="alert alert--info" data-testid="welcome">
          Welcome! Your searches are kept here, in your history, unless you ask anonymously. Start with your first question below.
        </p>
      )}
      <HistoryView />
      <div className="account__grid">
        <section className="panel">
          <TopicsChart />
        </section>
        <NotesList />
      </div>
    </div>
  );
}
