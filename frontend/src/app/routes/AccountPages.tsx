import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Loading } from '@/components/ui/Status';
import { AuthForm, HistoryView, NotesList, TopicsChart, useMe } from '@/features/accounts';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <div className="narrow">
      <AuthForm mode="login" onDone={() => navigate('/account')} />
      <p>
        No account? <Link to="/signup">Sign up</Link>.
      </p>
    </div>
  );
}

export function SignupPage() {
  const navigate = useNavigate();
  return (
    <div className="narrow">
      <AuthForm mode="signup" onDone={() => navigate('/account')} />
      <p>
        Already registered? <Link to="/login">Log in</Link>.
      </p>
    </div>
  );
}

export function AccountPage() {
  const me = useMe();
  if (me.isPending) return <Loading>Loading your account…</Loading>;
  if (!me.data) return <Navigate to="/login" replace />;
  return (
    <div className="account">
      <h1>Your account, {me.data.username}</h1>
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
