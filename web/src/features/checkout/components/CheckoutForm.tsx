import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  checkoutFiguresSchema,
  checkoutSchema,
  orderTotals,
  type Cart,
  type CheckoutInput,
  type ShippingMethod,
} from '@contract/checkout';
import { apiErrors } from '@contract/errors';
import { fromCents } from '@contract/money';
import { pagePaths } from '@contract/pages';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api-client';
import { browserCountry } from '../../../lib/countries';
import { formatPrice, storeConfig } from '../../../lib/store-config';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useServerErrors } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { usePlaceOrder } from '../api';
import { CheckoutSummary } from './CheckoutSummary';
import { CountryField } from './CountryField';
import { ShippingMethodField } from './ShippingMethodField';

type CheckoutValues = z.output<typeof checkoutSchema>;

const FIELDS = [
  'shippingMethod',
  'phoneNumber',
  'address.fullName',
  'address.line1',
  'address.line2',
  'address.city',
  'address.postalCode',
  'address.country',
] as const;

interface CheckoutFormProps {
  cart: Cart;
  methods: readonly ShippingMethod[];
  /** The signed-in customer's name, to start the address with. */
  fullName: string;
}

/** The new total a PRICES_CHANGED refusal carries, if that is what the error is. */
function newTotalOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== apiErrors.pricesChanged.code) return undefined;
  const body = error.body as { figures?: unknown } | undefined;
  return checkoutFiguresSchema.safeParse(body?.figures).data?.total;
}

/**
 * The checkout: where the order goes, how, and what it comes to; `Place order` places it at the total
 * shown and opens its payment page. When prices moved meanwhile, the store refuses, the cart (and so
 * the summary) is read again, and the new total is shown to be accepted with a second `Place order`.
 * Each submit carries one Idempotency-Key, kept through its own retries.
 */
export function CheckoutForm({ cart, methods, fullName }: CheckoutFormProps) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const [refusedCode, setRefusedCode] = useState<string>();
  const [newTotal, setNewTotal] = useState<number>();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: {
      shippingMethod: methods[0]?.id ?? '',
      phoneNumber: '',
      address: { fullName, line1: '', line2: '', city: '', postalCode: '', country: browserCountry() ?? '' },
    },
  });
  const refusal = useServerErrors(setError, FIELDS);
  const methodId = useWatch({ control, name: 'shippingMethod' });
  const method = methods.find((candidate) => candidate.id === methodId);
  const totals = orderTotals(cart.lines, method, storeConfig.taxRate);

  const submit = handleSubmit((checkout) => {
    refusal.clear();
    setRefusedCode(undefined);
    setNewTotal(undefined);
    placeOrder.mutate(
      { checkout: { ...checkout, expectedTotal: fromCents(totals.totalCents) }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (order) => navigate(pagePaths.payment(order._id)),
        onError: (error) => {
          setRefusedCode(error instanceof ApiError ? error.code : undefined);
          setNewTotal(newTotalOf(error));
          refusal.show(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Checkout" className="row g-4">
      <div className="col-lg-7">
        <fieldset>
          <legend className="h5">Shipping address</legend>
          <TextField
            id="checkout-full-name"
            label="Full name"
            autoComplete="name"
            error={errors.address?.fullName}
            registration={register('address.fullName')}
          />
          <TextField
            id="checkout-line1"
            label="Address line 1"
            autoComplete="address-line1"
            error={errors.address?.line1}
            registration={register('address.line1')}
          />
          <TextField
            id="checkout-line2"
            label="Address line 2"
            autoComplete="address-line2"
            error={errors.address?.line2}
            registration={register('address.line2')}
          />
          <div className="row">
            <div className="col-sm-7">
              <TextField
                id="checkout-city"
                label="City"
                autoComplete="address-level2"
                error={errors.address?.city}
                registration={register('address.city')}
              />
            </div>
            <div className="col-sm-5">
              <TextField
                id="checkout-postal-code"
                label="Postal code"
                autoComplete="postal-code"
                error={errors.address?.postalCode}
                registration={register('address.postalCode')}
              />
            </div>
          </div>
          <CountryField error={errors.address?.country} registration={register('address.country')} />
          <TextField
            id="checkout-phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            error={errors.phoneNumber}
            registration={register('phoneNumber')}
          />
        </fieldset>
        <ShippingMethodField
          methods={methods}
          error={errors.shippingMethod}
          registration={register('shippingMethod')}
        />
      </div>
      <div className="col-lg-5">
        <CheckoutSummary cart={cart} method={method} totals={totals} />
        <button type="submit" className="btn btn-dark btn-lg w-100" disabled={placeOrder.isPending}>
          Place order
        </button>
        {refusal.message && (
          <div className="text-danger fw-bold mt-3" role="alert">
            <p className="mb-1">{refusal.message}</p>
            {newTotal !== undefined && <p className="mb-1">New total: {formatPrice(newTotal)}</p>}
            {refusedCode === apiErrors.partUnavailable.code && (
              <Link to={pagePaths.cart}>Change the quantities in your cart</Link>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
