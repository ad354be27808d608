import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/products';
import type { AdminProductsResponse } from '@contract/shop-admin';
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
const PARTS = '/api/admin/products';

const answer = (items: Product[], counts: Partial<AdminProductsResponse> = {}) =>
  jsonResponse({
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    belowMinimumCount: items.filter((part) => part.availableQantity < part.minimumOderQantity).length,
    ...counts,
  });

/** The API's pages: what `items` gives for the query (its `belowMinimum`, `q` and `page`). */
const partsApi = (items: (query: URLSearchParams) => Response) =>
  fakeApi({ [`GET ${PARTS}`]: (url) => items(url.searchParams) });

const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://store.test').searchParams);
const location = () => screen.getByTestId('location').textContent;
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Manage Products (ProductTable)', () => {
  it('when it opens, then it asks for the first page and flags the parts below their minimum order, each linked to Edit Product', async () => {
    const api = partsApi(() => answer([orderable, blocked]));
    renderWithProviders(<ProductTable />, { url: '/dashboard/manageproduct' });
    await screen.findByRole('table');
    expect(queryOf(api.callsTo(PARTS)[0]?.url)).toEqual({ pageSize: '20' });
    expect(screen.getByRole('status')).toHaveTextContent('1 part is below the minimum order and cannot be ordered.');
    const [first, second, ...others] = rows();
    if (!first || !second) throw new Error('expected two rows');
    expect(others).toEqual([]);
    expect(first).toHaveTextContent(/^1/);
    expect(within(first).queryByText('Below minimum')).not.toBeInTheDocument();
    expect(within(second).getByText('Below minimum')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Edit Rear disc' })).toHaveAttribute(
      'href',
      `/dashboard/editproduct/${blocked._id}`,
    );
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('when Show only these is switched on, then the address keeps it and the API is asked for the flagged parts alone', async () => {
    const user = userEvent.setup();
    const api = partsApi((query) =>
      query.get('belowMinimum') === 'true' ? answer([blocked]) : answer([orderable, blocked], { total: 2 }),
    );
    renderWithProviders(<ProductTable />, { url: '/dashboard/manageproduct?page=2', showLocation: true });
    await screen.findByRole('table');

    await user.click(screen.getByLabelText('Show only these'));
    expect(location()).toBe('/dashboard/manageproduct?belowMinimum=true');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Rear disc');
    expect(queryOf(api.calls.at(-1)?.url)).toEqual({ belowMinimum: 'true', pageSize: '20' });
    expect(screen.getByLabelText('Show only these')).toBeChecked();
  });

  it('says so when every part can be ordered', async () => {
    partsApi(() => answer([orderable]));
    renderWithProviders(<ProductTable />);
    expect(await screen.findByText('Every part can be ordered.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Show only these')).not.toBeInTheDocument();
  });

  it('when the catalogue is empty, then it says so and offers Add Product and Import Catalogue', async () => {
    partsApi(() => answer([]));
    renderWithProviders(<ProductTable />);
    expect(await screen.findByText('The catalogue is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/dashboard/addproduct');
    expect(screen.getByRole('link', { name: 'Import Catalogue' })).toBeInTheDocument();
  });

  it('when words are searched, then the address keeps them, the API is asked for them, and no match offers every part again', async () => {
    const user = userEvent.setup();
    const api = partsApi((query) => (query.get('q') ? answer([], { belowMinimumCount: 0 }) : answer([orderable])));
    renderWithProviders(<ProductTable />, { url: '/dashboard/manageproduct?page=3', showLocation: true });
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), '  brembo ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/dashboard/manageproduct?q=brembo');
    expect(await screen.findByText('No parts match.')).toBeInTheDocument();
    expect(queryOf(api.calls.at(-1)?.url)).toEqual({ q: 'brembo', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Show every part' }));
    expect(location()).toBe('/dashboard/manageproduct');
    expect(await screen.findByText('Front pads')).toBeInTheDocument();
  });

  it('when there are more parts than a page, then Previous and Next turn the pages, keeping the search, and rows count on', async () => {
    const user = userEvent.setup();
    const api = partsApi((query) => answer([testProduct(Number(query.get('page') ?? 1) * 10)], { total: 45 }));
    renderWithProviders(<ProductTable />, { url: '/dashboard/manageproduct?q=pads', showLocation: true });

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/dashboard/manageproduct?q=pads&page=2');
    expect(await screen.findByText('Brake Part 20')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent(/^21/);
    expect(queryOf(api.calls.at(-1)?.url)).toEqual({ q: 'pads', page: '2', pageSize: '20' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it("when a part's Delete is pressed, then a dialog names it; Cancel keeps it, Delete removes it once with the spec's 'DELETE'", async () => {
    const PART = `/api/products/${orderable._id}`;
    let parts = [orderable, blocked];
    const api = fakeApi({
      [`GET ${PARTS}`]: () => answer(parts),
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
