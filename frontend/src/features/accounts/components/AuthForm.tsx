import { useId, useState, type FormEvent } from 'react';
import { PageHeading } from '@/components/ui/PageHeading';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';

/** Log-in or sign-up form; field errors from the API are shown next to their field. */
export function AuthForm({ mode, onDone }: { mode: 'login' | 'signup'; onDone: () => void }) {
  const uid = useId();
  const login = useLogin();
  const signup = useSignup();
  const mutation = mode === 'login' ? login : signup;
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const error = mutation.error;
  const fields = error instanceof ApiError ? error.fields : {};

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(mode === 'login' ? { username, password } : { username, email, password }, { onSuccess: onDone });
  };

  const field = (name: string) =>
    fields[name]?.length ? (
      <p id={`${uid}-${name}-err`} className="field-error" role="alert">
        {fields[name].join(' ')}
      </p>
    ) : null;

  return (
    <form className="auth panel" onSubmit={onSubmit} aria-labelledby={`${uid}-title`}>
      <PageHeading id={`${uid}-title`}>{mode === 'login' ? 'Log in' : 'Create an account'}</PageHeading>
      <label>
        Username
        <input name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} aria-describedby={`${uid}-username-err`} />
      </label>
      {field('username')}
      {mode === 'signup' && (
        <>
          <label>
            Email (optional)
            <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={`${uid}-email-err`} />
          </label>
          {field('email')}
        </>
      )}
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={`${uid}-password-err`}
        />
      </label>
      {field('password')}
      {error && (!(error instanceof ApiError) || !Object.keys(fields).length || fields.non_field_errors) && (
        <p className="alert alert--error" role="alert">
          {fields.non_field_errors?.join(' ') ?? error.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Please wait…' : mode === 'login' ? 'Log in' : 'Sign up'}
      </button>
    </form>
  );
}
