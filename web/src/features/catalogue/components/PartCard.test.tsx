import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { testItem } from '../test-support';
import { PartCard } from './PartCard';

const showCard = (stock: number, minimum: number) => {
  const part = testItem(1, { availableQantity: stock, minimumOderQantity: minimum });
  renderWithProviders(<PartCard part={part} badge={null} firstSeen signedIn={false} />);
  return screen.getByRole('article', { name: part.name });
};

describe("a catalogue card's stock", () => {
  it.each([
    [10, 4],
    [4, 4],
  ])('when %i are left and the minimum order is %i, then it says In stock and offers Add to cart', (stock, minimum) => {
    const card = showCard(stock, minimum);
    expect(within(card).getByText('In stock')).toBeInTheDocument();
    expect(within(card).queryByText('Out of stock')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Add to cart/ })).toBeInTheDocument();
  });

  it.each([
    [3, 4],
    [0, 4],
  ])(
    'when %i are left and the minimum order is %i, then it says Out of stock, as the In stock filter does, and offers no Add to cart',
    (stock, minimum) => {
      const card = showCard(stock, minimum);
      expect(within(card).getByText('Out of stock')).toBeInTheDocument();
      expect(within(card).queryByText('In stock')).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    },
  );
});
