import { cartMessages } from '@contract/checkout';
import { BrowseAllParts, EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useCartJoining, useServerCart } from '../../cart';
import { useShippingMethods } from '../api';
import { CheckoutForm } from './CheckoutForm';

/**
 * /checkout, for a signed-in customer: their cart (once a visitor's cart has joined it, right after
 * sign-in) and the store's shipping methods, then the form.
 */
export function CheckoutPage({ fullName }: { fullName: string }) {
  const joining = useCartJoining();
  const cart = useServerCart(!joining);
  const methods = useShippingMethods();

  if (joining || cart.isPending || methods.isPending) return <LoadingSpinner />;
  if (cart.isError) return <FetchError what="your cart" error={cart.error} onRetry={() => void cart.refetch()} />;
  if (methods.isError) {
    return <FetchError what="the shipping methods" error={methods.error} onRetry={() => void methods.refetch()} />;
  }
  if (cart.data.lines.length === 0) {
    return (
      <EmptyState title={cartMessages.empty} actions={<BrowseAllParts />}>
        Add the parts of your brake job to the cart, then check out here.
      </EmptyState>
    );
  }
  return <CheckoutForm cart={cart.data} methods={methods.data} fullName={fullName} />;
}
