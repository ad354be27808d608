// Fills a fresh store to CATALOGUE_SIZE products and reviews through its API, as an admin and as
// customers would (on PGlite the data folder is locked by the server, so the API is the only way in).
import { randomUUID } from 'node:crypto';
import { apiPaths } from '../../contract/paths.js';
import { SAMPLE_PRODUCT_PICTURE, type Product } from '../../contract/products.js';
import type { Review } from '../../contract/reviews.js';
import { api, bearer, call, everyPart, registerCustomer, signInForToken, type SignedIn } from '../lib/store-api.js';

export const CATALOGUE_SIZE = 1000;
/** The server is started with ADMIN_EMAILS and ADMIN_PASSWORD set to these (main.ts). */
export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench-admin-password';
// Requests in flight while filling: enough to keep the server busy, few enough not to time out.
const FILL_CONCURRENCY = 8;
// Sign-ups hash a password (CPU-heavy, on the server's one thread): fewer at a time.
const SIGN_UP_CONCURRENCY = 4;

// Text of the same length as the seeded catalogue's, so that answers are as big as real ones.
const DESCRIPTION =
  'Sintered brake pad set for sport and touring motorcycles: copper-free compound, stable friction ' +
  'from cold to track temperatures, chamfered and slotted against squeal. Sold per axle set.';
const FEEDBACK =
  'Ordered a workshop batch of pads and discs; everything arrived well packed, the fitment was exact ' +
  'and the bite is strong and progressive. Will order again.';

/**
 * A list (the newest reviews, up to 1000), uncompressed: the set-up needs only ids and counts, and must not
 * depend on the compression of big answers (a store under change has answered them empty).
 */
const readList = async <T>(baseUrl: string, url: string) =>
  (await call<T[]>(baseUrl, 'GET', url, { headers: { 'accept-encoding': 'identity' } })).body;

/** Calls `work` for every item with at most `limit` calls in flight; answers the results in order. */
export async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** Registers `count` customers named prefix-N@example.com. */
export function registerCustomers(baseUrl: string, prefix: string, count: number) {
  return mapConcurrently(numbers(count), SIGN_UP_CONCURRENCY, (number) =>
    registerCustomer(baseUrl, {
      email: `${prefix}-${number}@example.com`,
      password: `user-${randomUUID()}`,
      name: 'Bench Rider',
    }),
  );
}

/** The admin account of a store started with ADMIN_EMAILS=ADMIN_EMAIL. */
export async function signInAdmin(baseUrl: string) {
  const admin = await signInForToken(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  if (admin.role !== 'admin') throw new Error(`${ADMIN_EMAIL} got the role ${admin.role}, not admin`);
  return admin;
}

export async function createProduct(
  baseUrl: string,
  admin: SignedIn,
  product: Pick<Product, 'name' | 'price' | 'minimumOderQantity' | 'availableQantity'>,
) {
  const { body } = await call<Product>(baseUrl, 'POST', api(apiPaths.products), {
    headers: bearer(admin.token),
    json: { picture: SAMPLE_PRODUCT_PICTURE, description: DESCRIPTION, ...product },
  });
  return body;
}

export interface Catalogue {
  admin: SignedIn;
  productIds: string[];
  products: number;
  reviews: number;
  seconds: number;
}

/** Tops the store's products and reviews (it starts with the sample catalogue) up to CATALOGUE_SIZE each. */
export async function fillCatalogue(baseUrl: string): Promise<Catalogue> {
  const started = performance.now();
  const admin = await signInAdmin(baseUrl);
  const [existingProducts, existingReviews] = await Promise.all([
    everyPart(baseUrl),
    readList<Review>(baseUrl, api(apiPaths.reviews)),
  ]);

  const newProducts = numbers(Math.max(0, CATALOGUE_SIZE - existingProducts.length));
  await mapConcurrently(newProducts, FILL_CONCURRENCY, (number) =>
    createProduct(baseUrl, admin, {
      name: `Bench brake pad set ${number}`,
      price: 10 + (number % 500) + 0.99,
      minimumOderQantity: 1 + (number % 10),
      availableQantity: 1000 + number,
    }),
  );

  // Admins may not write reviews (403): customers do, one testimonial each (a second replaces the first).
  const newReviews = numbers(Math.max(0, CATALOGUE_SIZE - existingReviews.length));
  const reviewers = await registerCustomers(baseUrl, 'bench-reviewer', newReviews.length);
  await mapConcurrently(newReviews, FILL_CONCURRENCY, (number) =>
    call(baseUrl, 'POST', api(apiPaths.reviews), {
      headers: bearer(reviewers[number - 1]?.token ?? ''),
      json: { fidback: `${FEEDBACK} (#${number})`, ratting: 1 + (number % 5) },
    }),
  );

  const [products, reviews] = await Promise.all([everyPart(baseUrl), readList<Review>(baseUrl, api(apiPaths.reviews))]);
  return {
    admin,
    productIds: products.map((product) => product._id),
    products: products.length,
    reviews: reviews.length,
    seconds: (performance.now() - started) / 1000,
  };
}
