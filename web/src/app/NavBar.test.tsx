import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type Auth } from '../features/auth/auth-context';
import { chooseBike } from '../features/catalogue/chosen-bike';
import { renderWithProviders, testUuid } from '../test/render';
import { NavBar } from './NavBar';

const signedOut = { status: 'signedOut' } as Auth;

const renderNavBar = (url = '/') =>
  renderWithProviders(
    <AuthContext.Provider value={signedOut}>
      <NavBar />
    </AuthContext.Provider>,
    { url, showLocation: true },
  );
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());

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
