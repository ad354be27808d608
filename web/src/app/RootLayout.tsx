import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Footer } from '../components/Footer';
import { AuthProvider } from '../features/auth/AuthProvider';
import { useAuth } from '../features/auth/auth-context';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { NavBar } from './NavBar';
import { ToastHost } from './ToastHost';

/** A new page starts at its top; back and forward leave the browser's own scroll restoration be. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

const SignedInJoins = lazy(() => import('./SignedInJoins'));

/** A bike chosen and a cart filled while signed out join the garage and the cart at sign-in. */
function JoinsOnSignIn() {
  const signedIn = useAuth().status === 'signedIn';
  return signedIn ? (
    <Suspense fallback={null}>
      <SignedInJoins />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <JoinsOnSignIn />
      <NavBar />
      <main>
        {/* While a page's code loads, the spinner stands in for it. */}
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ToastHost />
    </AuthProvider>
  );
}
