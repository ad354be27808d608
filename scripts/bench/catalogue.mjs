// Fills a fresh store to CATALOGUE_SIZE products and reviews through its API, as an admin and as
// customers would (on PGlite the data folder is locked by the server, so the API is the only way in).
import { DEFAULT_AVATAR, call, registerUser, signInUser } from '../lib/store-process.mjs';

export const CATALOGUE_SIZE = 1000;
/** The server is started with ADMIN_EMAILS and ADMIN_PASSWORD set to these (bench.mjs). */
export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench-admin-password';
const REVIEWER_COUNT = 10;
// Requests in flight while filling: enough to keep the server busy, few enough not to time out.
const FILL_CONCURRENCY = 8;
// Sign-ups hash a password (CPU-heavy, on the server's one thread): fewer at a time.
const SIGN_UP_CONCURRENCY = 4;
const PICTURE = '/images/products/sample-part.svg';

// Text of the same length as the seeded catalogue's, so that answers are as big as real ones.
const DESCRIPTION =
  'Sintered brake pad set for sport and touring motorcycles: copper-free compound, stable friction ' +
  'from cold to track temperatures, chamfered and slotted against squeal. Sold per axle set.';
const FEEDBACK =
  'Ordered a workshop batch of pads and discs; everything arrived well packed, the fitment was exact ' +
  'and the bite is strong and progressive. Will order again.';

/**
 * A whole list (hundreds of kB), uncompressed: the set-up needs only ids and counts, and must not
 * depend on the compression of big answers (a store under change has answered them empty).
 */
const readList = async (baseUrl, urlPath) =>
  (await call(baseUrl, 'GET', urlPath, { headers: { 'accept-encoding': 'identity' } })).body;

/** Calls `work` for every item with at most `limit` calls in flight; answers the results in order. */
export async function mapConcurrently(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const numbers = (count) => Array.from({ length: count }, (_, index) => index + 1);

/** Registers `count` customers named prefix-N@example.com; answers [{ email, token }]. */
export function registerCustomers(baseUrl, prefix, count) {
  return mapConcurrently(numbers(count), SIGN_UP_CONCURRENCY, (number) =>
    registerUser(baseUrl, { email: `${prefix}-${number}@example.com`, name: 'Bench Rider', image: DEFAULT_AVATAR }),
  );
}

/** The admin account of a store started with ADMIN_EMAILS=ADMIN_EMAIL: { email, token }. */
export async function signInAdmin(baseUrl) {
  const admin = await signInUser(baseUrl, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (admin.role !== 'admin') throw new Error(`${ADMIN_EMAIL} got the role ${admin.role}, not admin`);
  return admin;
}

export function createProduct(baseUrl, admin, product) {
  return call(baseUrl, 'POST', '/api/products', {
    headers: { authorization: `Bearer ${admin.token}` },
    json: { picture: PICTURE, description: DESCRIPTION, ...product },
  }).then(({ body }) => body);
}

/**
 * Tops the store's products and reviews (it starts with the sample catalogue) up to CATALOGUE_SIZE
 * each. Answers { admin, productIds, products, reviews, seconds }.
 */
export async function fillCatalogue(baseUrl) {
  const started = performance.now();
  const admin = await signInAdmin(baseUrl);
  const [existingProducts, existingReviews] = await Promise.all([
    readList(baseUrl, '/api/products'),
    readList(baseUrl, '/api/reviews'),
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

  // Admins may not write reviews (403): customers do.
  const reviewers = await registerCustomers(baseUrl, 'bench-reviewer', REVIEWER_COUNT);
  const newReviews = numbers(Math.max(0, CATALOGUE_SIZE - existingReviews.length));
  await mapConcurrently(newReviews, FILL_CONCURRENCY, (number) =>
    call(baseUrl, 'POST', '/api/reviews', {
      headers: { authorization: `Bearer ${reviewers[number % REVIEWER_COUNT].token}` },
      json: { fidback: `${FEEDBACK} (#${number})`, ratting: 1 + (number % 5) },
    }),
  );

  const [products, reviews] = await Promise.all([
    readList(baseUrl, '/api/products'),
    readList(baseUrl, '/api/reviews'),
  ]);
  return {
    admin,
    productIds: products.map((product) => product._id),
    products: products.length,
    reviews: reviews.length,
    seconds: (performance.now() - started) / 1000,
  };
}
