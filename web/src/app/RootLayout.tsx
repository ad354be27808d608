import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '../components/Footer';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { NavBar } from '../components/NavBar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <NavBar />
      <main>{navigation.state === 'loading' && !navigation.formMethod ? <LoadingSpinner /> : <Outlet />}</main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
