import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { chooseBike, readChosenBike } from './chosen-bike';
import { useBikeJoinsGarage } from './garage-join';
import { fakeApi, testVehicle } from './test-support';

const bike = testVehicle(1);

function Joiner({ signedIn }: { signedIn: boolean }) {
  useBikeJoinsGarage(signedIn);
  return null;
}

const renderJoiner = (signedIn: boolean) => {
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Joiner signedIn={signedIn} />
    </QueryClientProvider>,
  );
  return {
    signIn: () =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Joiner signedIn />
        </QueryClientProvider>,
      ),
  };
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("a visitor's bike and the garage", () => {
  it('when a visitor who chose a bike signs in, then the bike joins the garage once and stays chosen', async () => {
    const api = fakeApi({ 'POST /api/garage': () => jsonResponse({}) });
    chooseBike({ _id: bike._id, label: bike.label, joinGarage: true });
    const { signIn } = renderJoiner(false);
    expect(api.calls).toEqual([]);

    signIn();

    await waitFor(() =>
      expect(api.calls).toEqual([{ method: 'POST', url: '/api/garage', body: { vehicleId: bike._id } }]),
    );
    expect(readChosenBike()).toEqual({ _id: bike._id, label: bike.label, joinGarage: false });
  });

  it('when the bike chosen did not come from the picker (a garage bike, a shared search), then nothing is added', async () => {
    const api = fakeApi({});
    chooseBike({ _id: bike._id, label: bike.label });
    renderJoiner(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });
});
