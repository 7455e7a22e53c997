import { useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NOT_MEDICAL_ADVICE } from '@/components/ui/Disclaimer';
import { useLogout, useMe } from '@/features/accounts';
import { markNavigation } from '@/lib/route-focus';

/** Mark every pathname change after the first render, so the new page's heading takes the focus. */
function useMarkNavigation() {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  if (last.current !== pathname) {
    if (last.current !== null) markNavigation();
    last.current = pathname;
  }
}

export function Layout() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  useMarkNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
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
        <p>{NOT_MEDICAL_ADVICE}</p>
      </footer>
    </>
  );
}
