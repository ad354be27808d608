import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ApiError } from '../../../lib/api-client';

/** A card payment the provider refused, with its message for people ("Your card was declined."). */
export const paymentFailed = (message: string) => new ApiError(402, 'CARD_REFUSED', message);

const FALLBACK = 'The payment did not go through. Please try again.';

/** One payment attempt at a time; a failure keeps the provider's or the store's words. */
export function usePaymentAttempt() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attempt = async (pay: () => Promise<void>) => {
    setError(undefined);
    setBusy(true);
    try {
      await pay();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : FALLBACK);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, attempt };
}

/** The Pay button (docs/product-rules.md, section 4) and the provider's message in red under the form. */
export function PayButton({ disabled, error }: { disabled: boolean; error: string | undefined }) {
  return (
    <>
      <Button type="submit" variant="dark" disabled={disabled}>
        Pay
      </Button>
      {error && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export interface CardFormProps {
  /** Pay stays disabled until the payment intent's client secret arrives. */
  clientSecret: string | undefined;
  /** The spec confirms the card with the product's name as the billing name. */
  billingName: string;
  onPaid: (transactionId: string) => Promise<void>;
}
