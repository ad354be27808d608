import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitmentSchema, vehicleSchema, type Fitment, type Vehicle } from '../../contract/index.js';
import { productFitment } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildProduct, buildVehicle } from '../test/factories.js';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the bike picker calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const [make, model, year] of [
      ['Honda', 'CBR600RR', 2019],
      ['Honda', 'CBR600RR', 2021],
      ['Honda', 'CB500X', 2020],
      ['Ducati', 'Panigale V2', 2022],
      ['BMW', 'R 1250 GS', 2020],
    ] as const) {
      await buildVehicle(t.db, { make, model, year });
    }
  });
  afterAll(() => t.close());

  it('GET /api/vehicles/makes answers every make once, sorted', async () => {
    const response = await get(t, '/api/vehicles/makes');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['BMW', 'Ducati', 'Honda']);
  });

  it("GET /api/vehicles/models?make= answers the make's models, sorted", async () => {
    expect((await get(t, '/api/vehicles/models?make=Honda')).json()).toEqual(['CB500X', 'CBR600RR']);
    expect((await get(t, '/api/vehicles/models?make=Aprilia')).json()).toEqual([]);
  });

  it('GET /api/vehicles?make=&model= answers the model years, newest first, with their labels', async () => {
    const response = await get(t, '/api/vehicles?make=Honda&model=CBR600RR');
    const vehicles = response.json<Vehicle[]>();
    expect(vehicles.map((vehicle) => vehicle.label)).toEqual(['2021 Honda CBR600RR', '2019 Honda CBR600RR']);
    for (const vehicle of vehicles) expect(vehicleSchema.parse(vehicle)).toEqual(vehicle);
    expect((await get(t, '/api/vehicles?make=BMW&model=R%201250%20GS')).json<Vehicle[]>()[0]?.year).toBe(2020);
  });

  it('GET /api/vehicles/{id} answers one vehicle, and 404 for an id that is none', async () => {
    const [vehicle] = (await get(t, '/api/vehicles?make=Ducati&model=Panigale%20V2')).json<Vehicle[]>();
    expect((await get(t, `/api/vehicles/${vehicle?._id}`)).json()).toEqual(vehicle);
    const missing = await get(t, `/api/vehicles/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'VEHICLE_NOT_FOUND' });
    expect((await get(t, '/api/vehicles/not-an-id')).statusCode).toBe(400);
  });

  it('a missing or empty make or model answers 400 with field errors', async () => {
    for (const url of ['/api/vehicles/models', '/api/vehicles/models?make=', '/api/vehicles?make=Honda']) {
      const response = await get(t, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.any(Object)] });
    }
  });
});

describe('GET /api/products/{id}/fitment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the bikes a part fits, by make, model and newest year first', async () => {
    const part = await buildProduct(t.db);
    const older = await buildVehicle(t.db, { make: 'Yamaha', model: 'MT-07', year: 2018 });
    const newer = await buildVehicle(t.db, { make: 'Yamaha', model: 'MT-07', year: 2021 });
    const other = await buildVehicle(t.db, { make: 'Kawasaki', model: 'Z900', year: 2020 });
    await buildVehicle(t.db, { make: 'Suzuki', model: 'GSX-R750', year: 2019 }); // fitted to nothing
    await t.db
      .insert(productFitment)
      .values([older, newer, other].map((v) => ({ productId: part._id, vehicleId: v._id })));

    const response = await get(t, `/api/products/${part._id}/fitment`);
    expect(response.statusCode).toBe(200);
    const fitment = fitmentSchema.parse(response.json<Fitment>());
    expect(fitment.universal).toBe(false);
    expect(fitment.vehicles.map((v) => v.label)).toEqual([
      '2020 Kawasaki Z900',
      '2021 Yamaha MT-07',
      '2018 Yamaha MT-07',
    ]);
  });

  it('says when a part is universal', async () => {
    const fluid = await buildProduct(t.db, { universal: true, category: 'brake-fluid' });
    expect((await get(t, `/api/products/${fluid._id}/fitment`)).json()).toEqual({ universal: true, vehicles: [] });
  });

  it('answers 404 for a part that does not exist', async () => {
    const response = await get(t, `/api/products/${UNKNOWN_ID}/fitment`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});
