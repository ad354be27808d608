import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/products';
import { testProduct } from '../../../test/products';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { OrderForm } from './OrderForm';

const part: Product = testProduct(1, {
  name: 'Sintered Front Brake Pads HH',
  picture: '/images/products/sintered-pads.svg',
  price: 34.1,
  availableQantity: 40,
  minimumOderQantity: 2,
  description: '',
});
const rider = { email: 'rider@example.com', displayName: 'Rider', photoURL: null };

afterEach(() => vi.unstubAllGlobals());

async function orderSix(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(answer)),
  );
  renderWithProviders(<OrderForm product={part} user={rider} />);
  const user = userEvent.setup();
  const quantity = screen.getByLabelText('Order Quantity');
  await user.clear(quantity);
  await user.type(quantity, '6');
  await user.type(screen.getByLabelText('Phone Number'), '+1 555 0100');
  await user.click(screen.getByRole('button', { name: 'Purchase' }));
}

describe('OrderForm', () => {
  it("when the stock sold out since the page loaded, then the server's refusal shows under Order Quantity", async () => {
    const message = 'You cannot order more than our stock';
    await orderSix(
      jsonResponse(
        {
          statusCode: 400,
          error: 'Bad Request',
          code: 'QUANTITY_ABOVE_STOCK',
          message,
          errors: [{ field: 'body.quantity', message }],
        },
        { status: 400 },
      ),
    );

    const quantity = screen.getByLabelText('Order Quantity');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the refusal names no field, then its message shows under the form', async () => {
    await orderSix(
      jsonResponse(
        { statusCode: 404, error: 'Not Found', code: 'PRODUCT_NOT_FOUND', message: 'No product with that id' },
        { status: 404 },
      ),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('No product with that id');
    expect(screen.getByLabelText('Order Quantity')).toHaveAttribute('aria-invalid', 'false');
  });

  it('when the quantity changes, then the total shows the unit price times the quantity', async () => {
    renderWithProviders(<OrderForm product={part} user={rider} />);
    const user = userEvent.setup();
    const quantity = screen.getByLabelText('Order Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByLabelText('Total')).toHaveTextContent('$102.30');
  });
});
