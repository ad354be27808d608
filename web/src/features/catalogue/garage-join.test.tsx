import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../lib/toast';
import { jsonResponse } from '../../test/render';
import { chooseBike, readChosenBike } from './chosen-bike';
import { useBikeJoinsGarage } from './garage-join';
import { fakeApi, testVehicle } from './test-support';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

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

beforeEach(() => {
  localStorage.clear();
  vi.mocked(showToast).mockClear();
});
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

  it('when the page is left before the join is answered, then the bike stays marked and joins at the next load, once', async () => {
    const api = fakeApi({ 'POST /api/garage': () => new Promise<Response>(() => undefined) });
    chooseBike({ _id: bike._id, label: bike.label, joinGarage: true });
    const { signIn } = renderJoiner(true);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    signIn(); // drawn again while the request is on its way: no second one
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(1);
    expect(readChosenBike()).toEqual({ _id: bike._id, label: bike.label, joinGarage: true });

    // The next load: the app's code anew, the stored choice as the last page left it.
    vi.resetModules();
    const next = await import('./garage-join');
    const stored = await import('./chosen-bike');
    const answered = fakeApi({ 'POST /api/garage': () => jsonResponse({}) });
    function NextJoiner() {
      next.useBikeJoinsGarage(true);
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NextJoiner />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(answered.calls).toEqual([{ method: 'POST', url: '/api/garage', body: { vehicleId: bike._id } }]),
    );
    await waitFor(() =>
      expect(stored.readChosenBike()).toEqual({ _id: bike._id, label: bike.label, joinGarage: false }),
    );
  });

  it('when the join meets no answer (the network down, the connection cut), then the bike stays marked, nothing is said, and the next try joins it', async () => {
    const bike = testVehicle(2); // the test above leaves bike 1's request on its way in this module
    const failing = fakeApi({ 'POST /api/garage': () => Promise.reject(new TypeError('Failed to fetch')) });
    chooseBike({ _id: bike._id, label: bike.label, joinGarage: true });
    renderJoiner(true);
    await waitFor(() => expect(failing.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readChosenBike()).toEqual({ _id: bike._id, label: bike.label, joinGarage: true });
    expect(showToast).not.toHaveBeenCalled();

    const answered = fakeApi({ 'POST /api/garage': () => jsonResponse({}) });
    renderJoiner(true);
    await waitFor(() => expect(answered.calls).toHaveLength(1));
    await waitFor(() => expect(readChosenBike()).toEqual({ _id: bike._id, label: bike.label, joinGarage: false }));
  });

  it('when the store refuses the bike (a full garage), then the toast says why and the bike stays chosen, no longer marked', async () => {
    const bike = testVehicle(3);
    fakeApi({
      'POST /api/garage': () =>
        jsonResponse({ statusCode: 409, code: 'garageFull', message: 'Your garage is full' }, { status: 409 }),
    });
    chooseBike({ _id: bike._id, label: bike.label, joinGarage: true });
    renderJoiner(true);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('error', `${bike.label} did not join your garage: Your garage is full`),
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
