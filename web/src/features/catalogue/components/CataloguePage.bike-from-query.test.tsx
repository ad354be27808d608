import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BikeFromQuery } from '@contract/catalogue';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { readChosenBike } from '../chosen-bike';
import { catalogueAnswer, fakeApi, pickerRoutes, testItem, testVehicle } from '../test-support';
import { CataloguePage } from './CataloguePage';

const y2019 = testVehicle(1, 'Honda', 'CBR600RR', 2019);
const y2020 = testVehicle(2, 'Honda', 'CBR600RR', 2020);
const readBike: BikeFromQuery = {
  make: 'Honda',
  model: 'CBR600RR',
  label: 'Honda CBR600RR',
  years: [y2020, y2019].map(({ _id, year }) => ({ year, vehicleId: _id })),
  text: 'front pads',
};

/** The catalogue reads the bike in `q` unless told not to (readBike=false) or given a vehicle. */
function storeApi() {
  return fakeApi({
    'GET /api/catalogue': (url) =>
      jsonResponse(
        catalogueAnswer([testItem(1, { fits: 'fits' })], {
          ...(url.searchParams.get('q')?.includes('cbr600rr') &&
            url.searchParams.get('readBike') !== 'false' &&
            !url.searchParams.has('vehicle') && { bikeFromQuery: readBike }),
        }),
      ),
    [`GET /api/vehicles/${y2019._id}`]: () => jsonResponse(y2019),
    ...pickerRoutes(y2019),
  });
}

const openParts = (url: string) => renderWithProviders(<CataloguePage signedIn={false} />, { url, showLocation: true });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/parts, when the words name a bike', () => {
  it('then it says which bike it shows parts for, and “as words” searches them as plain text', async () => {
    const user = userEvent.setup();
    const api = storeApi();
    openParts('/parts?q=cbr600rr+front+pads');

    expect(await screen.findByText('Showing parts for Honda CBR600RR matching “front pads”')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year of the Honda CBR600RR' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Search “cbr600rr front pads” as words' }));

    expect(location()).toBe('/parts?q=cbr600rr+front+pads&readBike=false');
    await waitFor(() => expect(screen.queryByText(/Showing parts for/)).not.toBeInTheDocument());
    expect(api.callsTo('/api/catalogue').map((call) => call.url)).toEqual([
      '/api/catalogue?q=cbr600rr+front+pads',
      '/api/catalogue?q=cbr600rr+front+pads&readBike=false',
    ]);

    // New words are read for a bike again.
    await user.clear(screen.getByRole('searchbox', { name: 'Search the catalogue' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'cbr600rr discs{Enter}');
    expect(location()).toBe('/parts?q=cbr600rr+discs');
  });

  it('then choosing a year lists the words left for that bike, which becomes the chosen one', async () => {
    const user = userEvent.setup();
    storeApi();
    openParts('/parts?q=cbr600rr+front+pads');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Year of the Honda CBR600RR' }), '2019');

    expect(location()).toBe(`/parts?q=front+pads&vehicle=${y2019._id}`);
    await waitFor(() => expect(readChosenBike()).toMatchObject({ _id: y2019._id, label: y2019.label }));
    expect(await screen.findByText(/Parts that fit your/)).toHaveTextContent(
      `Parts that fit your ${y2019.label}, and parts for every bike.`,
    );
    expect(screen.queryByText(/Showing parts for/)).not.toBeInTheDocument();
  });
});
