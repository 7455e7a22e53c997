import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useLogout, useMe } from '@/features/accounts';

export function Layout() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand" aria-label="MedSEBA home">
          <span className="brand__mark" aria-hidden="true">
            M
          </span>
          MedSEBA
        </Link>
        <nav aria-label="Main">
          <ul>
            <li>
              <NavLink to="/" end>
                Ask
              </NavLink>
            </li>
            {me.data ? (
              <>
                <li>
                  <NavLink to="/account">{me.data.username}</NavLink>
                </li>
                <li>
                  <button type="button" className="link-button" onClick={() => logout.mutate(undefined, { onSuccess: () => navigate('/') })}>
                    Log out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/login">Log in</NavLink>
                </li>
                <li>
                  <NavLink to="/signup">Sign up</NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          MedSEBA summarises published studies; it is not medical advice. Talk to a health professional about your own care.
        </p>
      </footer>
    </>
  );
}
