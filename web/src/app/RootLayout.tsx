import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '../components/Footer';
import { AuthProvider } from '../features/auth/AuthProvider';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { NavBar } from '../components/NavBar';

const Toasts = lazy(() => import('./Toasts'));

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <AuthProvider>
      <NavBar />
      <main>{navigation.state === 'loading' && !navigation.formMethod ? <LoadingSpinner /> : <Outlet />}</main>
      <Footer />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ScrollRestoration />
    </AuthProvider>
  );
}
