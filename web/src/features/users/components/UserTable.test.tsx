import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUsersResponse } from '@contract/shop-admin';
import type { User } from '@contract/users';
import { showToast } from '../../../lib/toast';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UserTable } from './UserTable';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const person = (n: number, overrides: Partial<User> = {}): User => ({
  _id: `user-${n}`,
  email: `rider-${n}@example.com`,
  role: 'customer',
  name: `Rider ${n}`,
  photoURL: null,
  ...overrides,
});
const admin = person(1, { role: 'admin', name: 'Ada' });
const customer = person(2, { name: 'Cleo' });
const USERS = '/api/admin/users';

const answer = (items: User[], counts: Partial<AdminUsersResponse> = {}) =>
  jsonResponse({ items, total: items.length, page: 1, pageSize: 20, ...counts });

const queryOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://store.test').searchParams);
const location = () => screen.getByTestId('location').textContent;
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Make Admin (UserTable)', () => {
  it('when it opens, then it asks for the first page; admins show a badge, customers Make Admin, which promotes with its toast', async () => {
    const PROMOTE = `/api/user/admin/${encodeURIComponent(customer.email)}`;
    const api = fakeApi({
      [`GET ${USERS}`]: () => answer([admin, customer]),
      [`PUT ${PROMOTE}`]: () => jsonResponse({ acknowledged: true, modifiedCount: 1 }),
    });
    renderWithProviders(<UserTable />, { url: '/dashboard/makeadmin' });
    await screen.findByRole('table');
    expect(queryOf(api.callsTo(USERS)[0]?.url)).toEqual({ pageSize: '20' });
    const [first, second] = rows();
    if (!first || !second) throw new Error('expected two rows');
    expect(first).toHaveTextContent(/^1Ada/);
    expect(within(first).getByText('Admin')).toBeInTheDocument();
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await userEvent.setup().click(within(second).getByRole('button', { name: `Make ${customer.email} an admin` }));
    await waitFor(() => expect(api.callsTo(PROMOTE, 'PUT')).toHaveLength(1));
    await waitFor(() => expect(vi.mocked(showToast).mock.calls).toEqual([['success', 'Successfully Add Admin']]));
  });

  it('when promoting fails, then the Fail To Make An Admin toast shows', async () => {
    fakeApi({
      [`GET ${USERS}`]: () => answer([customer]),
      [`PUT /api/user/admin/${encodeURIComponent(customer.email)}`]: () =>
        jsonResponse({ statusCode: 403, error: 'Forbidden', code: 'forbidden', message: 'no' }, { status: 403 }),
    });
    renderWithProviders(<UserTable />);
    await userEvent.setup().click(await screen.findByRole('button', { name: `Make ${customer.email} an admin` }));
    await waitFor(() => expect(vi.mocked(showToast).mock.calls).toEqual([['error', 'Fail To Make An Admin']]));
  });

  it('when words are searched, then the address keeps them, the API is asked for them, and no match offers every user again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [`GET ${USERS}`]: (url) => (url.searchParams.get('q') ? answer([]) : answer([customer])) });
    renderWithProviders(<UserTable />, { url: '/dashboard/makeadmin?page=3', showLocation: true });
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  GMAIL ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/dashboard/makeadmin?q=GMAIL');
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
    expect(queryOf(api.calls.at(-1)?.url)).toEqual({ q: 'GMAIL', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Show every user' }));
    expect(location()).toBe('/dashboard/makeadmin');
    expect(await screen.findByText('Cleo')).toBeInTheDocument();
  });

  it('when there are more users than a page, then Previous and Next turn the pages, keeping the search, and rows count on', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${USERS}`]: (url) => answer([person(Number(url.searchParams.get('page') ?? 1) * 10)], { total: 45 }),
    });
    renderWithProviders(<UserTable />, { url: '/dashboard/makeadmin?q=rider', showLocation: true });

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/dashboard/makeadmin?q=rider&page=2');
    expect(await screen.findByText('Rider 20')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent(/^21/);
    expect(queryOf(api.calls.at(-1)?.url)).toEqual({ q: 'rider', page: '2', pageSize: '20' });
  });
});
