import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { ShippingMethod } from '@contract/checkout';
import { formatPrice } from '../../../lib/store-config';

/** What a method costs, as its radio says: its price, and from what subtotal it is free. */
function costOf(method: ShippingMethod): string {
  if (method.price === 0) return 'Free';
  const price = formatPrice(method.price);
  return method.freeFrom === null ? price : `${price}, free from ${formatPrice(method.freeFrom)}`;
}

interface ShippingMethodFieldProps {
  methods: readonly ShippingMethod[];
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

/** The store's shipping methods, one radio each. */
export function ShippingMethodField({ methods, error, registration }: ShippingMethodFieldProps) {
  return (
    <fieldset className="mb-3" aria-describedby="shipping-method-error">
      <legend className="h5">Shipping method</legend>
      {methods.map((method) => (
        <div className="form-check" key={method.id}>
          <input
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            type="radio"
            id={`shipping-${method.id}`}
            value={method.id}
            {...registration}
          />
          <label className="form-check-label" htmlFor={`shipping-${method.id}`}>
            {method.label} <span className="text-body-secondary">({costOf(method)})</span>
          </label>
        </div>
      ))}
      <div className={`invalid-feedback${error ? ' d-block' : ''}`} id="shipping-method-error">
        {error?.message}
      </div>
    </fieldset>
  );
}
