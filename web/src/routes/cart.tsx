import { PageTitle } from '../components/PageTitle';
import { useAuth } from '../features/auth/auth-context';
import { CartPage } from '../features/cart/components/CartPage';
import { LoadingSpinner } from '../components/LoadingSpinner';

export function Component() {
  const auth = useAuth();
  return (
    <div className="container py-4">
      <PageTitle title="Cart" />
      <h1 className="h2 mb-4">Your cart</h1>
      {auth.status === 'loading' ? <LoadingSpinner /> : <CartPage signedIn={auth.status === 'signedIn'} />}
    </div>
  );
}
