import { useState } from 'react';
import { Link } from 'react-router';
import { zodResolver } from '../../../lib/zod-resolver';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '../../../lib/toast';
import { toastMessages } from '@contract/messages';
import { orderFormSchema, type OrderForm as OrderValues } from '@contract/orders';
import type { Product } from '@contract/products';
import { pagePaths } from '@contract/pages';
import { FactList } from '../../../components/FactList';
import { TextField } from '../../../components/TextField';
import { formatPrice } from '../../../lib/store-config';
import { ServerError } from '../../../components/ServerError';
import { useServerErrors } from '../../../lib/server-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { fromCents, lineTotalCents } from '@contract/money';
import type { SessionUser } from '../../auth';
import { useCreateOrder } from '../api';

export function OrderForm({ product, user }: { product: Product; user: SessionUser }) {
  const createOrder = useCreateOrder();
  /** The order just placed: the confirmation offers to pay it at once. */
  const [placed, setPlaced] = useState<{ id: string; price: number }>();
  const defaults = { quantity: product.minimumOderQantity, phoneNumber: '', address: '' };
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors },
  } = useForm<OrderValues>({ resolver: zodResolver(orderFormSchema(product)), defaultValues: defaults });
  const refusal = useServerErrors(setError, ['quantity', 'phoneNumber', 'address']);
  const quantity = useWatch({ control, name: 'quantity' });
  const total = Number.isFinite(quantity) ? fromCents(lineTotalCents(product.price, quantity)) : 0;

  const submit = handleSubmit((values) => {
    refusal.clear();
    setPlaced(undefined);
    createOrder.mutate(
      {
        order: { ...values, productId: product._id, price: product.price, name: product.name },
        idempotencyKey: newIdempotencyKey(),
      },
      {
        onSuccess: (order) => {
          showToast('success', toastMessages.orderConfirmed);
          setPlaced({ id: order._id, price: order.price });
          reset(defaults);
        },
        onError: refusal.show,
      },
    );
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="order-now">
      <h2 id="order-now" className="h4 mb-3">
        Order Now
      </h2>
      <FactList
        facts={[
          { label: 'Name', value: user.displayName },
          { label: 'Email', value: user.email },
          { label: 'Product Name', value: product.name },
          { label: 'Price', value: formatPrice(product.price) },
        ]}
      />
      <TextField
        id="order-quantity"
        label="Order Quantity"
        type="number"
        error={errors.quantity}
        registration={register('quantity', { valueAsNumber: true })}
      />
      <TextField
        id="order-phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber}
        registration={register('phoneNumber')}
      />
      <TextField
        id="order-address"
        label="Address"
        autoComplete="street-address"
        error={errors.address}
        registration={register('address')}
      />
      <p className="fs-5">
        Total: <output aria-label="Total">{formatPrice(total)}</output>
      </p>
      <Button type="submit" variant="dark" disabled={createOrder.isPending}>
        Purchase
      </Button>
      <ServerError message={refusal.message} />
      {placed && (
        <p role="status" className="mt-3 mb-0">
          Order placed.{' '}
          <Link className="btn btn-outline-dark btn-sm" to={pagePaths.payment(placed.id)}>
            Pay now {formatPrice(placed.price)}
          </Link>{' '}
          or later from <Link to={pagePaths.myOrder}>My Order</Link>.
        </p>
      )}
    </Form>
  );
}
