import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { pagePaths } from '@contract/pages';
import { useAuth } from '../features/auth/auth-context';
import { UserPhoto } from '../components/UserPhoto';
import { storeConfig } from '../lib/store-config';

/**
 * Bootstrap's navbar markup, written out: react-bootstrap's Navbar brings its Offcanvas and Modal
 * code into every page's first download, for a collapse this component does with one state.
 */
const navLinkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

function AccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === 'loading') return null;
  if (auth.status === 'signedOut') {
    return (
      <li className="nav-item">
        <NavLink className={navLinkClass} to={pagePaths.login} onClick={onNavigate}>
          Login
        </NavLink>
      </li>
    );
  }
  const signOut = async () => {
    onNavigate();
    await auth.signOut();
    navigate(pagePaths.root);
  };
  return (
    <>
      <li className="nav-item">
        <NavLink className={navLinkClass} to={pagePaths.dashboard} onClick={onNavigate}>
          Dashboard
        </NavLink>
      </li>
      <li className="nav-item">
        <button type="button" className="nav-link" onClick={() => void signOut()}>
          Logout
        </button>
      </li>
      <li className="nav-item d-flex align-items-center gap-2 text-light ms-lg-2">
        <UserPhoto src={auth.user.photoURL} size={32} />
        <span>{auth.user.displayName}</span>
      </li>
    </>
  );
}

const LINKS = [
  { to: pagePaths.home, label: 'Home' },
  { to: pagePaths.blog, label: 'Blogs' },
  { to: pagePaths.portfolio, label: 'Portfolio' },
];

export function NavBar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <nav className="navbar navbar-expand-lg bg-dark sticky-top" data-bs-theme="dark">
      <div className="container">
        <Link className="navbar-brand fw-bold" to={pagePaths.root} onClick={close}>
          {storeConfig.name}
        </Link>
        <button
          type="button"
          className={`navbar-toggler${open ? '' : ' collapsed'}`}
          aria-controls="main-navigation"
          aria-expanded={open}
          aria-label="Toggle navigation"
          onClick={() => setOpen(!open)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navigation" className={`navbar-collapse collapse${open ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto">
            {LINKS.map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink className={navLinkClass} to={link.to} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <AccountLinks onNavigate={close} />
          </ul>
        </div>
      </div>
    </nav>
  );
}
