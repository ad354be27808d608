import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type Auth } from '../features/auth/auth-context';
import { writeLocalCart } from '../features/cart/local-cart';
import { cartAnswer, cartPart, localLine, serverLine } from '../test/cart';
import { chooseBike } from '../features/catalogue/chosen-bike';
import { fakeApi } from '../test/fake-api';
import { jsonResponse, renderWithProviders, testUuid } from '../test/render';
import { NavBar } from './NavBar';

const signedOut = { status: 'signedOut' } as Auth;

const signedIn = {
  status: 'signedIn',
  user: { email: 'rider@example.com', displayName: 'Rider', photoURL: null },
  role: 'customer',
} as Auth;

const renderNavBar = (url = '/', auth = signedOut) =>
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <NavBar />
    </AuthContext.Provider>,
    { url, showLocation: true },
  );
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the navbar and the catalogue', () => {
  it('when words are searched in Search parts, then /parts opens with them as q', async () => {
    const user = userEvent.setup();
    renderNavBar('/blog');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Parts' })).toHaveAttribute('href', '/parts');

    await user.type(within(nav).getByRole('searchbox', { name: 'Search parts' }), '  sintered pads {Enter}');
    expect(location()).toBe('/parts?q=sintered+pads');
  });

  it('when on /parts, then the box shows the words searched; an empty search opens the whole catalogue', async () => {
    const user = userEvent.setup();
    renderNavBar('/parts?q=fa390&brand=EBC');
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    expect(box).toHaveValue('fa390');
    await user.clear(box);
    await user.type(box, '{Enter}');
    expect(location()).toBe('/parts');
  });

  it('when a bike is chosen, then the navbar names it, linking to the parts that fit it; forgotten, it is gone', () => {
    const id = testUuid(7);
    renderNavBar();
    expect(screen.queryByRole('link', { name: /Your bike/ })).not.toBeInTheDocument();

    act(() => chooseBike({ _id: id, label: '2019 Honda CBR600RR' }));
    expect(screen.getByRole('link', { name: 'Your bike: 2019 Honda CBR600RR' })).toHaveAttribute(
      'href',
      `/parts?vehicle=${id}`,
    );
    act(() => chooseBike(null));
    expect(screen.queryByRole('link', { name: /Your bike/ })).not.toBeInTheDocument();
  });
});

describe('the navbar and the cart', () => {
  const cartLink = () => within(screen.getByRole('navigation')).getByRole('link', { name: /^Cart/ });

  it("when a visitor has parts in the browser's cart, then Cart shows the units, and follows the cart", () => {
    renderNavBar();
    expect(cartLink()).toHaveAttribute('href', '/cart');
    expect(cartLink()).toHaveTextContent(/^Cart$/);

    act(() => writeLocalCart([localLine(cartPart(1), 3), localLine(cartPart(2), 2)]));
    expect(cartLink()).toHaveTextContent('Cart 5 units');
  });

  it("when a customer is signed in, then Cart shows the units of the server's cart", async () => {
    const api = fakeApi({ 'GET /api/cart': () => jsonResponse(cartAnswer([serverLine(cartPart(1), 4)])) });
    writeLocalCart([localLine(cartPart(2), 9)]); // joining at sign-in, not counted twice
    renderNavBar('/', signedIn);
    await waitFor(() => expect(cartLink()).toHaveTextContent('Cart 4 units'));
    expect(api.callsTo('/api/cart')).toHaveLength(1);
  });
});
