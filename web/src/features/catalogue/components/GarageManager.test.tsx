import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GarageBike } from '@contract/catalogue';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { fakeApi, pickerRoutes, testVehicle } from '../test-support';
import { GarageManager } from './GarageManager';

const cbr = testVehicle(1);
const inGarage = (n: number, vehicle = testVehicle(n, 'Yamaha', 'MT-07', 2010 + n)): GarageBike => ({
  _id: testUuid(500 + n),
  vehicleId: vehicle._id,
  label: vehicle.label,
  make: vehicle.make,
  model: vehicle.model,
  year: vehicle.year,
});

/** A garage on the fake server: GET lists it, POST adds (409 past `limit`), DELETE removes. */
function garageApi(start: GarageBike[], limit = 10) {
  let bikes = [...start];
  return fakeApi({
    ...pickerRoutes(cbr),
    'GET /api/garage': () => jsonResponse(bikes),
    'POST /api/garage': () => {
      if (bikes.length >= limit) {
        return jsonResponse(
          { statusCode: 409, error: 'Conflict', code: 'GARAGE_FULL', message: 'A garage keeps at most 10 bikes' },
          { status: 409 },
        );
      }
      const bike = inGarage(99, cbr);
      bikes = [...bikes, bike];
      return jsonResponse(bike);
    },
    [`DELETE /api/garage/${testUuid(501)}`]: () => {
      bikes = bikes.filter((bike) => bike._id !== testUuid(501));
      return jsonResponse({ acknowledged: true });
    },
  });
}

async function pickCbr(user: ReturnType<typeof userEvent.setup>) {
  const make = await screen.findByRole('combobox', { name: 'Make' });
  await user.selectOptions(make, await screen.findByRole('option', { name: 'Honda' }));
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'Model' }),
    await screen.findByRole('option', { name: 'CBR600RR' }),
  );
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'Year' }),
    await screen.findByRole('option', { name: '2019' }),
  );
  await user.click(screen.getByRole('button', { name: 'Add to garage' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('My Garage', () => {
  it('when it opens, then each bike is listed with a link to its parts and a Remove button', async () => {
    garageApi([inGarage(1), inGarage(2)]);
    renderWithProviders(<GarageManager />);

    const table = await screen.findByRole('table', { name: 'Your bikes' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent),
    ).toEqual(['2011 Yamaha MT-07', '2012 Yamaha MT-07']);
    expect(within(table).getByRole('link', { name: 'Parts for 2011 Yamaha MT-07' })).toHaveAttribute(
      'href',
      `/parts?vehicle=${inGarage(1).vehicleId}`,
    );
    expect(screen.getByText(/You have 2 of 10\./)).toBeInTheDocument();
  });

  it('when a bike is added with the picker and another removed, then the garage says so and lists what the server keeps', async () => {
    const user = userEvent.setup();
    const api = garageApi([inGarage(1)]);
    renderWithProviders(<GarageManager />);

    await pickCbr(user);
    expect(await screen.findByText('2019 Honda CBR600RR is in your garage.')).toBeInTheDocument();
    expect(api.callsTo('/api/garage').find((call) => call.method === 'POST')?.body).toEqual({ vehicleId: cbr._id });
    expect(await screen.findByRole('cell', { name: '2019 Honda CBR600RR' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove 2011 Yamaha MT-07' }));
    expect(await screen.findByText('2011 Yamaha MT-07 left your garage.')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '2011 Yamaha MT-07' })).not.toBeInTheDocument();
  });

  it("when the garage is full, then the server's refusal is shown in its own words", async () => {
    const user = userEvent.setup();
    garageApi(
      Array.from({ length: 10 }, (_, index) => inGarage(index + 1)),
      10,
    );
    renderWithProviders(<GarageManager />);

    await screen.findByRole('table', { name: 'Your bikes' });
    await pickCbr(user);
    expect(await screen.findByText('A garage keeps at most 10 bikes')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });

  it('when the garage is empty, then it says so and offers the picker', async () => {
    garageApi([]);
    renderWithProviders(<GarageManager />);
    expect(await screen.findByText('Your garage is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to garage' })).toBeDisabled();
  });
});
