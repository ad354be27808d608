import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Footer } from '../components/Footer';
import { AuthProvider } from '../features/auth/AuthProvider';
import { useAuth } from '../features/auth/auth-context';
import { useBikeJoinsGarage } from '../features/catalogue/garage-join';
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

/** A bike chosen while signed out joins the garage at sign-in. */
function BikeJoinsGarage() {
  useBikeJoinsGarage(useAuth().status === 'signedIn');
  return null;
}

export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <BikeJoinsGarage />
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
