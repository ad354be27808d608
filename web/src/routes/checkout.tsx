import { PageTitle } from '../components/PageTitle';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/components/guards';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage';

/** Behind the login guard: a visitor signs in, then comes back here with their cart joined. */
export function Component() {
  const auth = useAuth();
  return (
    <RequireAuth>
      <div className="container py-4">
        <PageTitle title="Checkout" />
        <h1 className="h2 mb-4">Checkout</h1>
        {auth.status === 'signedIn' && <CheckoutPage fullName={auth.user.displayName} />}
      </div>
    </RequireAuth>
  );
}
