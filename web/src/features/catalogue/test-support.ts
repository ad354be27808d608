import { vi } from 'vitest';
import type { Vehicle } from '@contract/catalogue';
import type { CatalogueItem, CatalogueResponse } from '@contract/products';
import { testProduct } from '../../test/products';
import { jsonResponse, testUuid } from '../../test/render';

/** What a test's fake API answers for `METHOD /api/path` (no query); `url` carries the query. */
export type FakeRoute = (url: URL, body: unknown) => Response | Promise<Response>;

export interface ApiCall {
  method: string;
  /** Path and query as sent, `/api/catalogue?q=pads`. */
  url: string;
  body: unknown;
}

/**
 * Stands in for the API: each call is recorded and answered by the route for its method and path;
 * any other call answers 404 in the API's shape.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://store.test');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: `${url.pathname}${url.search}`, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'No such route' }, { status: 404 });
    }
    return route(url, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made to one path, e.g. '/api/catalogue'. */
  const callsTo = (path: string) => calls.filter((call) => call.url.split('?')[0] === path);
  return { calls, callsTo };
}

export const testVehicle = (n: number, make = 'Honda', model = 'CBR600RR', year = 2019): Vehicle => ({
  _id: testUuid(1000 + n),
  make,
  model,
  year,
  label: `${year} ${make} ${model}`,
});

export const testItem = (n: number, overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  ...testProduct(n),
  ...overrides,
});

/** An answer of `GET /api/catalogue`, with facets that count nothing unless given. */
export const catalogueAnswer = (
  items: CatalogueItem[],
  overrides: Partial<Omit<CatalogueResponse, 'facets'>> & { facets?: Partial<CatalogueResponse['facets']> } = {},
): CatalogueResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 24,
  ...overrides,
  facets: { category: [], brand: [], compound: [], position: [], ...overrides.facets },
});

/** The bike picker's calls for one bike of one make and model. */
export const pickerRoutes = (vehicle: Vehicle): Record<string, FakeRoute> => ({
  'GET /api/vehicles/makes': () => jsonResponse([vehicle.make, 'Yamaha']),
  'GET /api/vehicles/models': (url) =>
    jsonResponse(url.searchParams.get('make') === vehicle.make ? [vehicle.model] : []),
  'GET /api/vehicles': (url) =>
    jsonResponse(
      url.searchParams.get('make') === vehicle.make && url.searchParams.get('model') === vehicle.model
        ? [
            vehicle,
            {
              ...vehicle,
              _id: testUuid(1999),
              year: vehicle.year - 1,
              label: `${vehicle.year - 1} ${vehicle.make} ${vehicle.model}`,
            },
          ]
        : [],
    ),
});
