import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GARAGE_BIKES, type GarageBike } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildVehicle } from '../test/factories.js';

describe('My Garage: /api/garage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, ...(token && { headers: bearer(token) }), ...(payload && { payload }) });

  it('keeps a customer its bikes: added, listed in the order added, removed', async () => {
    const rider = await signUpWithToken(t.app);
    const cbr = await buildVehicle(t.db, { make: 'Honda', model: 'CBR600RR', year: 2019 });
    const gs = await buildVehicle(t.db, { make: 'BMW', model: 'R 1250 GS', year: 2021 });
    expect((await call('GET', '/api/garage', rider.token)).json()).toEqual([]);

    const added = await call('POST', '/api/garage', rider.token, { vehicleId: cbr._id });
    expect(added.statusCode).toBe(200);
    const bike = added.json<GarageBike>();
    expect(bike).toEqual({
      _id: expect.any(String),
      vehicleId: cbr._id,
      label: '2019 Honda CBR600RR',
      make: 'Honda',
      model: 'CBR600RR',
      year: 2019,
    });
    await call('POST', '/api/garage', rider.token, { vehicleId: gs._id });
    const listed = (await call('GET', '/api/garage', rider.token)).json<GarageBike[]>();
    expect(listed.map((each) => each.label)).toEqual(['2019 Honda CBR600RR', '2021 BMW R 1250 GS']);

    expect((await call('DELETE', `/api/garage/${bike._id}`, rider.token)).json()).toEqual({ acknowledged: true });
    expect((await call('GET', '/api/garage', rider.token)).json<GarageBike[]>().map((each) => each.vehicleId)).toEqual([
      gs._id,
    ]);
  });

  it('answers a bike already there again, without a second copy', async () => {
    const rider = await signUpWithToken(t.app);
    const vehicle = await buildVehicle(t.db);
    const first = (await call('POST', '/api/garage', rider.token, { vehicleId: vehicle._id })).json<GarageBike>();
    const again = await call('POST', '/api/garage', rider.token, { vehicleId: vehicle._id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await call('GET', '/api/garage', rider.token)).json()).toHaveLength(1);
  });

  it(`keeps at most ${MAX_GARAGE_BIKES} bikes, even when they are added all at once`, async () => {
    const rider = await signUpWithToken(t.app);
    const vehicles = await Promise.all(Array.from({ length: MAX_GARAGE_BIKES + 3 }, () => buildVehicle(t.db)));
    const answers = await Promise.all(
      vehicles.map((vehicle) => call('POST', '/api/garage', rider.token, { vehicleId: vehicle._id })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX_GARAGE_BIKES);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'GARAGE_FULL' });
    }
    expect((await call('GET', '/api/garage', rider.token)).json()).toHaveLength(MAX_GARAGE_BIKES);
  });

  it("cannot see or remove another customer's bike", async () => {
    const owner = await signUpWithToken(t.app);
    const other = await signUpWithToken(t.app);
    const vehicle = await buildVehicle(t.db);
    const bike = (await call('POST', '/api/garage', owner.token, { vehicleId: vehicle._id })).json<GarageBike>();
    expect((await call('GET', '/api/garage', other.token)).json()).toEqual([]);
    const removal = await call('DELETE', `/api/garage/${bike._id}`, other.token);
    expect(removal.statusCode).toBe(404);
    expect(removal.json()).toMatchObject({ code: 'GARAGE_BIKE_NOT_FOUND' });
    expect((await call('GET', '/api/garage', owner.token)).json()).toHaveLength(1);
  });

  it('refuses an unknown vehicle on its field, a bad id, and a visitor', async () => {
    const rider = await signUpWithToken(t.app);
    const unknown = await call('POST', '/api/garage', rider.token, {
      vehicleId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'VEHICLE_NOT_FOUND', errors: [{ field: 'body.vehicleId' }] });
    const bad = await call('POST', '/api/garage', rider.token, { vehicleId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(method, '/api/garage', undefined, { vehicleId: 'x' })).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/garage', rider.token)).json()).toEqual([]);
  });
});
