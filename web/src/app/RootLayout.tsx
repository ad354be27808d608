import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '../components/Footer';
import { AuthProvider } from '../features/auth/AuthProvider';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { NavBar } from '../components/NavBar';

/** Spec section 9: toasts top-right, closing after 5000 ms. */
const TOAST_AUTO_CLOSE_MS = 5000;

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <AuthProvider>
      <NavBar />
      <main>{navigation.state === 'loading' && !navigation.formMethod ? <LoadingSpinner /> : <Outlet />}</main>
      <Footer />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <ScrollRestoration />
    </AuthProvider>
  );
}
