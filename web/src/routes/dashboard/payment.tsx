import { lazy, Suspense, useState } from 'react';
import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { pageTexts } from '@contract/messages';
import { FetchError } from '../../components/FetchError';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageTitle } from '../../components/PageTitle';
import { useOrder } from '../../features/orders/api';
import { useMarkPaid, usePaymentIntent } from '../../features/payments/api';
import { SandboxCardForm } from '../../features/payments/components/SandboxCardForm';
import { formatPrice, storeConfig } from '../../lib/store-config';
import type { Order } from '@contract/orders';

// Stripe's code is a chunk of its own, fetched only by stores that take payments through Stripe.
const StripeCardForm = lazy(() => import('../../features/payments/components/StripeCardForm'));
const CardForm = storeConfig.stripePublishableKey ? StripeCardForm : SandboxCardForm;

function PayForOrder({ order }: { order: Order }) {
  const intent = usePaymentIntent(order);
  const markPaid = useMarkPaid(order);
  const [transactionId, setTransactionId] = useState<string | undefined>(order.transactionId ?? undefined);

  if (transactionId) {
    return (
      <div role="status">
        <p className="text-success fw-bold mb-1">{pageTexts.paymentConfirmed}</p>
        <p className="mb-0 text-break">
          Transaction id: <span className="fw-bold">{transactionId}</span>
        </p>
      </div>
    );
  }
  if (intent.isError)
    return <FetchError what="the payment" error={intent.error} onRetry={() => void intent.refetch()} />;
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <CardForm
        clientSecret={intent.data?.clientSecret}
        billingName={order.productName}
        onPaid={async (id) => {
          await markPaid.mutateAsync(id);
          setTransactionId(id);
        }}
      />
    </Suspense>
  );
}

/** The payment page: the order's product and price, then the card form. */
export function Component() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  if (order.isPending) return <LoadingSpinner />;
  if (order.isError) return <FetchError what="this order" error={order.error} onRetry={() => void order.refetch()} />;
  return (
    <Card className="shadow-sm" style={{ maxWidth: '32rem' }}>
      <PageTitle title="Payment" />
      <Card.Body>
        <h2 className="h4">Pay for {order.data.productName}</h2>
        <p className="fs-5">
          Please pay: <span className="fw-bold">{formatPrice(order.data.price)}</span>
        </p>
        <PayForOrder order={order.data} />
      </Card.Body>
    </Card>
  );
}
