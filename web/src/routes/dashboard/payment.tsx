import { lazy, Suspense, useState } from 'react';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { pageTexts } from '@contract/page-texts';
import { FetchError } from '../../components/FetchError';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageTitle } from '../../components/PageTitle';
import { useOrder } from '../../features/orders/api';
import { useMarkPaid, usePaymentIntent } from '../../features/payments/api';
import { SandboxCardForm } from '../../features/payments/components/SandboxCardForm';
import { formatPrice, storeConfig } from '../../lib/store-config';
import type { Order } from '@contract/orders';
import { pagePaths } from '@contract/pages';

// Stripe's code is a chunk of its own, fetched only by stores that take payments through Stripe.
const StripeCardForm = lazy(() => import('../../features/payments/components/StripeCardForm'));
const CardForm = storeConfig.stripePublishableKey ? StripeCardForm : SandboxCardForm;

function PayForOrder({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  const intent = usePaymentIntent(order);
  const markPaid = useMarkPaid(order);
  if (intent.isError)
    return <FetchError what="the payment" error={intent.error} onRetry={() => void intent.refetch()} />;
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <CardForm
        clientSecret={intent.data?.clientSecret}
        billingName={order.productName}
        onPaid={async (id) => {
          await markPaid.mutateAsync(id);
          onPaid(id);
        }}
      />
    </Suspense>
  );
}

/** A paid order: the confirmation, the transaction, and the way to the order; nothing asks to pay. */
function PaidOrder({ order, transactionId }: { order: Order; transactionId: string }) {
  return (
    <div role="status">
      <p className="text-success fw-bold mb-1">{pageTexts.paymentConfirmed}</p>
      <p className="text-break">
        Transaction id: <span className="fw-bold">{transactionId}</span>
      </p>
      <Link to={pagePaths.orderDetails(order._id)}>See the order</Link>
    </div>
  );
}

/** The payment page: the order's product and price, then the card form; once paid, the confirmation. */
export function Component() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const [paidNow, setPaidNow] = useState<string>();
  if (order.isPending) return <LoadingSpinner />;
  if (order.isError) return <FetchError what="this order" error={order.error} onRetry={() => void order.refetch()} />;
  const transactionId = paidNow ?? (order.data.paid ? order.data.transactionId : null);
  return (
    <Card className="shadow-sm" style={{ maxWidth: '32rem' }}>
      <PageTitle title="Payment" />
      <Card.Body>
        {transactionId ? (
          <>
            <h2 className="h4">Paid: {order.data.productName}</h2>
            <p className="fs-5">
              Paid: <span className="fw-bold">{formatPrice(order.data.price)}</span>
            </p>
            <PaidOrder order={order.data} transactionId={transactionId} />
          </>
        ) : (
          <>
            <h2 className="h4">Pay for {order.data.productName}</h2>
            <p className="fs-5">
              Please pay: <span className="fw-bold">{formatPrice(order.data.price)}</span>
            </p>
            <PayForOrder order={order.data} onPaid={setPaidNow} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
