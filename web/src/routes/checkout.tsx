import { PageTitle } from '../components/PageTitle';
import { useAuth } from '../features/auth/auth-context';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage';

/** Signed in only (the page table): a visitor signs in, then comes back here with their cart joined. */
export function Component() {
  const auth = useAuth();
  return (
    <div className="container py-4">
      <PageTitle title="Checkout" />
      <h1 className="h2 mb-4">Checkout</h1>
      {auth.status === 'signedIn' && <CheckoutPage fullName={auth.user.displayName} />}
    </div>
  );
}
