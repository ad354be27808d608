import { useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { countryOptions } from '../../../lib/countries';

/** The country an order ships to: a select of every country, named in the reader's language. */
export function CountryField({
  error,
  registration,
}: {
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  const options = useMemo(() => countryOptions(), []);
  return (
    <Form.Group className="mb-3" controlId="checkout-country">
      <Form.Label>Country</Form.Label>
      <Form.Select
        autoComplete="country"
        isInvalid={!!error}
        aria-invalid={!!error}
        aria-describedby="checkout-country-error"
        {...registration}
      >
        <option value="">Choose a country</option>
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id="checkout-country-error">
        {error?.message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
