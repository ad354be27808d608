import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Cart, CartLine } from '@contract/checkout';
import { pagePaths } from '@contract/pages';
import { cartMessages } from '@contract/rules/cart';
import { BrowseAllParts, EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/store-config';
import { showToast } from '../../../lib/toast';
import { useServerCart } from '../cart-api';
import { quantityRefusal, visitorCart } from '../cart-lines';
import { useRemoveCartLine, useSetCartQuantity } from '../cart-mutations';
import { useLocalCart, writeLocalCart } from '../local-cart';
import { useCartJoining } from '../cart-joining';
import { CartTable } from './CartTable';

/** /cart: the server's cart for a customer, the browser's for a visitor (the customer's once they sign in). */
export function CartPage({ signedIn }: { signedIn: boolean }) {
  const joining = useCartJoining();
  if (signedIn && joining) return <LoadingSpinner />;
  return signedIn ? <CustomerCart /> : <VisitorCart />;
}

function CustomerCart() {
  const cart = useServerCart(true);
  const setQuantity = useSetCartQuantity();
  const removeLine = useRemoveCartLine();
  if (cart.isPending) return <LoadingSpinner />;
  if (cart.isError) return <FetchError what="your cart" error={cart.error} onRetry={() => void cart.refetch()} />;

  const change = async (line: CartLine, quantity: number) => {
    try {
      await setQuantity.mutateAsync({ productId: line.productId, quantity });
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
      return error.fieldErrors.find((fieldError) => fieldError.field === 'body.quantity')?.message ?? error.message;
    }
  };
  const remove = (line: CartLine) =>
    removeLine.mutate(line.productId, { onError: (error) => showToast('error', error.message) });
  return <CartContents cart={cart.data} change={change} remove={remove} removing={removeLine.isPending} />;
}

function VisitorCart() {
  const lines = useLocalCart();
  const change = (line: CartLine, quantity: number) => {
    const local = lines.find((candidate) => candidate.productId === line.productId);
    const refusal = local ? quantityRefusal(local, quantity) : undefined;
    if (local && !refusal) {
      writeLocalCart(lines.map((candidate) => (candidate === local ? { ...local, quantity } : candidate)));
    }
    return Promise.resolve(refusal);
  };
  const remove = (line: CartLine) =>
    writeLocalCart(lines.filter((candidate) => candidate.productId !== line.productId));
  return (
    <CartContents cart={visitorCart(lines)} change={change} remove={remove} removing={false}>
      <p className="small text-body-secondary mb-0">You will sign in to check out; your cart comes with you.</p>
    </CartContents>
  );
}

interface CartContentsProps {
  cart: Cart;
  change: (line: CartLine, quantity: number) => Promise<string | undefined>;
  remove: (line: CartLine) => void;
  removing: boolean;
  children?: ReactNode;
}

function CartContents({ cart, change, remove, removing, children }: CartContentsProps) {
  if (cart.lines.length === 0) {
    return (
      <EmptyState title={cartMessages.empty} actions={<BrowseAllParts />}>
        Parts you add stay here while you shop; once you sign in, they follow you to any device.
      </EmptyState>
    );
  }
  return (
    <>
      <CartTable cart={cart} change={change} remove={remove} removing={removing} />
      <div className="d-flex flex-column align-items-end gap-2">
        <p className="fs-5 mb-0">
          Subtotal ({cart.count} {cart.count === 1 ? 'unit' : 'units'}):{' '}
          <output className="fw-bold" aria-label="Subtotal">
            {formatPrice(cart.subtotal)}
          </output>
        </p>
        <p className="small text-body-secondary mb-0">Shipping and tax are added at checkout.</p>
        <Link className="btn btn-dark btn-lg" to={pagePaths.checkout}>
          Checkout
        </Link>
        {children}
      </div>
    </>
  );
}
