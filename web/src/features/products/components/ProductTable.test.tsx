import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProduct } from '../../../test/products';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ProductTable } from './ProductTable';

afterEach(() => vi.unstubAllGlobals());

const orderable = testProduct(1, { name: 'Front pads', availableQantity: 50, minimumOderQantity: 2 });
const blocked = testProduct(2, { name: 'Rear disc', availableQantity: 3, minimumOderQantity: 4 });

describe('Manage Products (ProductTable)', () => {
  it('flags the parts below their minimum order, links each to Edit Product, and can list the flagged alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse([orderable, blocked]))),
    );
    renderWithProviders(<ProductTable />);
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('1 part is below the minimum order and cannot be ordered.');
    const [first, second, ...others] = within(table).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('expected two rows');
    expect(others).toEqual([]);
    expect(within(first).queryByText('Below minimum')).not.toBeInTheDocument();
    expect(within(second).getByText('Below minimum')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Edit Rear disc' })).toHaveAttribute(
      'href',
      `/dashboard/editproduct/${blocked._id}`,
    );

    await user.click(screen.getByLabelText('Show only these'));
    const flagged = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toHaveTextContent('Rear disc');
  });

  it('says so when every part can be ordered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse([orderable]))),
    );
    renderWithProviders(<ProductTable />);
    expect(await screen.findByText('Every part can be ordered.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Show only these')).not.toBeInTheDocument();
  });
});
