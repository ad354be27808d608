import { useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { pagePaths } from '@contract/pages';
import { useAuth } from '../features/auth/auth-context';
import { useCartCount } from '../features/cart/cart-count';
import { useChosenBike } from '../features/catalogue/chosen-bike';
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
  { to: pagePaths.parts, label: 'Parts' },
  { to: pagePaths.blog, label: 'Blogs' },
  { to: pagePaths.portfolio, label: 'Portfolio' },
];

/** `Search parts`: opens /parts with the words (`/parts?q=...`); on /parts it shows the words searched. */
function PartsSearch({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const searched = pathname === pagePaths.parts ? (new URLSearchParams(search).get('q') ?? '') : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `${pagePaths.parts}?${new URLSearchParams({ q })}` : pagePaths.parts);
    onNavigate();
  };
  return (
    <form
      role="search"
      aria-label="Parts"
      className="navbar-search d-flex gap-2 my-2 my-lg-0 ms-lg-3"
      onSubmit={submit}
    >
      <input
        key={searched}
        className="form-control form-control-sm"
        type="search"
        name="q"
        aria-label="Search parts"
        placeholder="Search parts"
        defaultValue={searched}
        // MAX_CATALOGUE_QUERY_LENGTH, written out: the navbar is in every page's first download, the
        // catalogue's names module is not.
        maxLength={100}
      />
      <button type="submit" className="btn btn-sm btn-outline-light">
        Search
      </button>
    </form>
  );
}

/** The chosen bike, once there is one: a link to the parts that fit it. */
function ChosenBikeLink({ onNavigate }: { onNavigate: () => void }) {
  const bike = useChosenBike();
  if (!bike) return null;
  return (
    <li className="nav-item">
      <Link
        className="nav-link navbar-bike text-truncate"
        to={`${pagePaths.parts}?${new URLSearchParams({ vehicle: bike._id })}`}
        title={bike.label}
        onClick={onNavigate}
      >
        <span className="visually-hidden">Your bike:</span> {bike.label}
      </Link>
    </li>
  );
}

/** `Cart`, with the units in it (for visitors too: their cart is kept in the browser). */
function CartLink({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const count = useCartCount(auth.status === 'signedIn');
  return (
    <li className="nav-item">
      <NavLink className={navLinkClass} to={pagePaths.cart} onClick={onNavigate}>
        Cart
        {count > 0 && (
          <>
            {' '}
            <span className="badge rounded-pill text-bg-danger">{count}</span>
            <span className="visually-hidden"> {count === 1 ? 'unit' : 'units'}</span>
          </>
        )}
      </NavLink>
    </li>
  );
}

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
          <PartsSearch onNavigate={close} />
          <ul className="navbar-nav ms-auto">
            {LINKS.map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink className={navLinkClass} to={link.to} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <ChosenBikeLink onNavigate={close} />
            <CartLink onNavigate={close} />
            <AccountLinks onNavigate={close} />
          </ul>
        </div>
      </div>
    </nav>
  );
}
