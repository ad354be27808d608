import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { chooseBike, readChosenBike } from '../chosen-bike';
import { catalogueAnswer, fakeApi, pickerRoutes, testItem, testVehicle, type FakeRoute } from '../test-support';
import { CataloguePage } from './CataloguePage';

const bike = testVehicle(1);

/** The store's API with a catalogue answering `answer` for every search. */
function storeApi(answer: FakeRoute, more: Record<string, FakeRoute> = {}) {
  return fakeApi({ 'GET /api/catalogue': answer, ...pickerRoutes(bike), ...more });
}

const openParts = (url: string) => renderWithProviders(<CataloguePage signedIn={false} />, { url, showLocation: true });
const location = () => screen.getByTestId('location').textContent;
const results = () => screen.getByRole('region', { name: 'Results' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/parts', () => {
  it("when it opens with words and a category, then the API is asked with the address's own query, and each card shows the part and links to its page", async () => {
    const pads = testItem(1, { name: 'EBC FA390HH Pads', brand: 'EBC', price: 39.95 });
    const api = storeApi(() =>
      jsonResponse(
        catalogueAnswer([pads, testItem(2)], {
          total: 2,
          facets: {
            category: [
              { value: 'brake-pads', count: 2 },
              { value: 'brake-discs', count: 5 },
            ],
            brand: [{ value: 'EBC', count: 1 }],
          },
        }),
      ),
    );

    openParts('/parts?q=pads&category=brake-pads');

    const card = await within(results()).findByRole('article', { name: 'EBC FA390HH Pads' });
    expect(api.callsTo('/api/catalogue').map((call) => call.url)).toEqual([
      '/api/catalogue?q=pads&category=brake-pads',
    ]);
    expect(within(card).getByRole('link', { name: 'EBC FA390HH Pads' })).toHaveAttribute('href', `/parts/${pads._id}`);
    expect(within(card).getByRole('img', { name: 'EBC FA390HH Pads' })).toHaveAttribute('src', pads.picture);
    expect(within(card).getByText('EBC')).toBeInTheDocument();
    expect(within(card).getByText('$39.95')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 parts');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: 'Brake pads (2)' })).toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'Brake discs (5)' })).not.toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'EBC (1)' })).not.toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('pads');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  });

  it('when a facet is ticked, the sort changed and words searched, then each is a new address in the API names, back on page 1, and the API is asked for it', async () => {
    const user = userEvent.setup();
    const api = storeApi(() =>
      jsonResponse(catalogueAnswer([testItem(1)], { facets: { brand: [{ value: 'EBC', count: 1 }] } })),
    );
    openParts('/parts?page=2');
    const filters = screen.getByRole('complementary', { name: 'Filters' });

    await user.click(await within(filters).findByRole('checkbox', { name: 'EBC (1)' }));
    expect(location()).toBe('/parts?brand=EBC');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(location()).toBe('/parts?brand=EBC&sort=price-asc');
    await user.type(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'sintred{Enter}');
    expect(location()).toBe('/parts?q=sintred&brand=EBC&sort=price-asc');

    await waitFor(() =>
      expect(api.callsTo('/api/catalogue').map((call) => call.url)).toEqual([
        '/api/catalogue?page=2',
        '/api/catalogue?brand=EBC',
        '/api/catalogue?brand=EBC&sort=price-asc',
        '/api/catalogue?q=sintred&brand=EBC&sort=price-asc',
      ]),
    );
  });

  it('when nothing matches, then the page says so, and Clear filters takes the words and filters away but keeps the bike', async () => {
    const user = userEvent.setup();
    chooseBike({ _id: bike._id, label: bike.label });
    storeApi((url) => jsonResponse(catalogueAnswer(url.searchParams.has('q') ? [] : [testItem(1, { fits: 'fits' })])));
    openParts(`/parts?q=zzzz&inStock=true&brand=Nobody&vehicle=${bike._id}`);

    expect(await within(results()).findByText('No parts match this search.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('0 parts');
    await user.click(within(results()).getByRole('button', { name: 'Clear filters' }));

    expect(location()).toBe(`/parts?vehicle=${bike._id}`);
    expect(await within(results()).findByRole('article')).toBeInTheDocument();
    expect(screen.queryByText('No parts match this search.')).not.toBeInTheDocument();
  });

  it('when a bike is chosen and the address names none, then the address gets it, and the cards say whether each part fits', async () => {
    chooseBike({ _id: bike._id, label: bike.label });
    const api = storeApi(() =>
      jsonResponse(
        catalogueAnswer([testItem(1, { fits: 'fits' }), testItem(2, { fits: 'universal', universal: true })]),
      ),
    );
    openParts('/parts?q=pads');

    await waitFor(() => expect(location()).toBe(`/parts?q=pads&vehicle=${bike._id}`));
    const cards = await within(results()).findAllByRole('article');
    expect(within(cards[0] as HTMLElement).getByText('Fits your 2019 Honda CBR600RR')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Fits every bike')).toBeInTheDocument();
    // The address without the bike was never searched: it was about to change.
    expect(api.callsTo('/api/catalogue').map((call) => call.url)).toEqual([
      `/api/catalogue?q=pads&vehicle=${bike._id}`,
    ]);
    expect(within(results()).getByText(/Parts that fit your/)).toHaveTextContent(
      'Parts that fit your 2019 Honda CBR600RR, and parts for every bike.',
    );
  });

  it("when every bike's parts are asked for with a bike chosen, then each card asks the part's fitment and says fits or does not", async () => {
    const user = userEvent.setup();
    chooseBike({ _id: bike._id, label: bike.label });
    const fitting = testItem(1);
    const other = testItem(2);
    storeApi(() => jsonResponse(catalogueAnswer([fitting, other])), {
      'GET /api/products/:id/fitment': () => jsonResponse({}),
      [`GET /api/products/${fitting._id}/fitment`]: () => jsonResponse({ universal: false, vehicles: [bike] }),
      [`GET /api/products/${other._id}/fitment`]: () => jsonResponse({ universal: false, vehicles: [testVehicle(2)] }),
    });
    openParts(`/parts?vehicle=${bike._id}`);

    await user.click(await within(results()).findByRole('button', { name: 'Show all parts' }));

    expect(location()).toBe('/parts');
    expect(await within(results()).findByText('Fits your 2019 Honda CBR600RR')).toBeInTheDocument();
    expect(await within(results()).findByText('Does not fit your 2019 Honda CBR600RR')).toBeInTheDocument();
    await user.click(within(results()).getByRole('button', { name: 'Only parts that fit your 2019 Honda CBR600RR' }));
    expect(location()).toBe(`/parts?vehicle=${bike._id}`);
  });

  it('when the address names another bike (a shared search), then that bike becomes the chosen one', async () => {
    const shared = testVehicle(7, 'Yamaha', 'MT-07', 2021);
    chooseBike({ _id: bike._id, label: bike.label });
    storeApi(() => jsonResponse(catalogueAnswer([testItem(1, { fits: 'fits' })])), {
      [`GET /api/vehicles/${shared._id}`]: () => jsonResponse(shared),
    });
    openParts(`/parts?vehicle=${shared._id}`);

    expect(await within(results()).findByText('Fits your 2021 Yamaha MT-07')).toBeInTheDocument();
    expect(readChosenBike()).toEqual({ _id: shared._id, label: shared.label, joinGarage: false });
    expect(location()).toBe(`/parts?vehicle=${shared._id}`);
  });

  it('when a bike is selected with the picker, then it is kept, marked to join the garage, and the address lists its parts', async () => {
    const user = userEvent.setup();
    storeApi(() => jsonResponse(catalogueAnswer([testItem(1)])));
    openParts('/parts?q=pads&page=2');

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Make' }),
      await screen.findByRole('option', { name: 'Honda' }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Model' }),
      await screen.findByRole('option', { name: 'CBR600RR' }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Year' }),
      await screen.findByRole('option', { name: '2019' }),
    );
    await user.click(screen.getByRole('button', { name: 'Select bike' }));

    expect(location()).toBe(`/parts?q=pads&vehicle=${bike._id}`);
    expect(readChosenBike()).toEqual({ _id: bike._id, label: bike.label, joinGarage: true });
    expect(screen.getByText('Your bike:')).toHaveTextContent(`Your bike: ${bike.label}`);
  });

  it('when there are more parts than a page holds, then the pager links each page of the same search, the current one marked', async () => {
    storeApi((url) =>
      jsonResponse(
        catalogueAnswer([testItem(1)], { total: 60, pageSize: 24, page: Number(url.searchParams.get('page') ?? 1) }),
      ),
    );
    openParts('/parts?q=pads&page=2');

    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/parts?q=pads');
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/parts?q=pads&page=3');
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/parts?q=pads');
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
  });

  it('when the API refuses the search, then its reason shows, and Start over opens the whole catalogue', async () => {
    const user = userEvent.setup();
    storeApi((url) =>
      url.searchParams.has('sort')
        ? jsonResponse(
            {
              statusCode: 400,
              error: 'Bad Request',
              code: 'VALIDATION_FAILED',
              message: 'sort must be one of relevance, newest',
              errors: [{ field: 'querystring.sort', message: 'sort must be one of relevance, newest' }],
            },
            { status: 400 },
          )
        : jsonResponse(catalogueAnswer([testItem(1)])),
    );
    openParts('/parts?sort=cheapest');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This search cannot be run: sort must be one of relevance, newest');
    await user.click(within(alert).getByRole('button', { name: 'Start over' }));
    expect(location()).toBe('/parts');
    expect(await within(results()).findByRole('article')).toBeInTheDocument();
  });

  it('when the chosen bike is no longer in the catalogue, then it is forgotten and every part listed', async () => {
    const gone = testUuid(4242);
    chooseBike({ _id: gone, label: '1999 Gone Bike' });
    storeApi((url) =>
      url.searchParams.has('vehicle')
        ? jsonResponse(
            {
              statusCode: 400,
              error: 'Bad Request',
              code: 'VALIDATION_FAILED',
              message: 'No bike with that id',
              errors: [{ field: 'querystring.vehicle', message: 'No bike with that id' }],
            },
            { status: 400 },
          )
        : jsonResponse(catalogueAnswer([testItem(1)])),
    );
    openParts('/parts');

    await waitFor(() => expect(readChosenBike()).toBeNull());
    expect(await screen.findByRole('alert')).toHaveTextContent('No bike with that id');
  });
});
