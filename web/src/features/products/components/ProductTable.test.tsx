import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { fakeApi } from '../../../test/fake-api';
import { testProduct } from '../../../test/products';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ProductTable } from './ProductTable';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

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

  it("when a part's Delete is pressed, then a dialog names it; Cancel keeps it, Delete removes it once with the spec's 'DELETE'", async () => {
    const PART = `/api/products/${orderable._id}`;
    let parts = [orderable, blocked];
    const api = fakeApi({
      'GET /api/products': () => jsonResponse(parts),
      [`DELETE ${PART}`]: () => {
        parts = [blocked];
        return jsonResponse({ deleted: true });
      },
    });
    renderWithProviders(<ProductTable />);
    const user = userEvent.setup();
    const rowDelete = await screen.findByRole('button', { name: 'Delete Front pads' });
    const question = { name: 'Delete Front pads from the catalogue?' };

    await user.click(rowDelete);
    const dialog = await screen.findByRole('dialog', question);
    expect(dialog).toHaveTextContent('Do you want to Delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowDelete).toHaveFocus();
    expect(api.callsTo(PART, 'DELETE')).toHaveLength(0);

    await user.click(rowDelete);
    await user.click(within(await screen.findByRole('dialog', question)).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(PART, 'DELETE')).toHaveLength(1);
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', 'DELETE']]);
    expect(screen.queryByText('Front pads')).not.toBeInTheDocument();
  });
});
