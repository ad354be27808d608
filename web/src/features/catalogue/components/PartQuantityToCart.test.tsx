import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { cartPart, localLine, storedCart } from '../../../test/cart';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PartQuantityToCart } from './PartQuantityToCart';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const part = cartPart(1, { minimumOderQantity: 4, availableQantity: 10 });
const toasts = () => vi.mocked(showToast).mock.calls.map(([kind, message]) => `${kind}: ${message}`);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the part page's Add to cart", () => {
  it("when the part page's quantity is changed, then that many go in; below the minimum, the order form's message", async () => {
    fakeApi({});
    renderWithProviders(<PartQuantityToCart part={part} signedIn={false} />);
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue(4);
    expect(quantity).toHaveAttribute('min', '4');
    expect(quantity).toHaveAttribute('max', '10');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        `error: ${part.name} was not added to your cart: You Must Order a Minimum of 4 products`,
      ]),
    );

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(storedCart()).toEqual([localLine(part, 6)]));
  });

  it('when fewer are left than the minimum order, then there is no button, and the page says why', () => {
    renderWithProviders(<PartQuantityToCart part={{ ...part, availableQantity: 3 }} signedIn={false} />);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByText(/Fewer left than the minimum order of 4/)).toBeInTheDocument();
  });
});
