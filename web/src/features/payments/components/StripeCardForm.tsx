import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { storeConfig } from '../../../lib/store-config';
import { PayButton, paymentFailed, usePaymentAttempt, type CardFormProps } from './PayButton';

/**
 * Stripe.js is fetched from Stripe only here, when a customer opens a payment page of a store that
 * takes payments through Stripe (the `pure` entry loads nothing until asked).
 */
function useStripeJs() {
  return useQuery({
    queryKey: ['stripe-js', storeConfig.stripePublishableKey],
    queryFn: async () => {
      const stripe = await loadStripe(storeConfig.stripePublishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js did not start.');
      return stripe;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false, // loadStripe already tries twice
  });
}

function StripeCard({ clientSecret, billingName, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { error, busy, attempt } = usePaymentAttempt();

  const submit = () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    return attempt(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billingName } },
      });
      if (result.error) throw paymentFailed(result.error.message ?? 'Your card could not be charged.');
      if (result.paymentIntent.status !== 'succeeded') {
        throw paymentFailed('Your payment is still being processed. My Order will show it as Paid once it is.');
      }
      await onPaid(result.paymentIntent.id);
    });
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form.Group className="mb-3">
        <Form.Label as="div">Card</Form.Label>
        <div className="form-control py-2">
          <CardElement options={{ disabled: busy }} />
        </div>
      </Form.Group>
      <PayButton disabled={!stripe || !clientSecret || busy} error={error} />
    </Form>
  );
}

/** Stripe's card element, confirmed in the browser with the billing name the spec asks for. */
export default function StripeCardForm(props: CardFormProps) {
  const stripe = useStripeJs();
  if (stripe.isPending) return <LoadingSpinner />;
  if (stripe.isError)
    return <FetchError what="the card form" error={stripe.error} onRetry={() => void stripe.refetch()} />;
  return (
    <Elements stripe={stripe.data}>
      <StripeCard {...props} />
    </Elements>
  );
}
