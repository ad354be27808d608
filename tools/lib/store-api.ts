// Calls on a running store over HTTP, as the web app makes them: signing customers up and in for a
// bearer token, placing orders. Shared by the tools and the tests that start the server process;
// every path comes from the contract.
import { randomUUID } from 'node:crypto';
import type { Order } from '../../contract/orders.js';
import type { CatalogueItem, CatalogueResponse } from '../../contract/products.js';
import { MAX_CATALOGUE_PAGE_SIZE } from '../../contract/catalogue-names.js';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/paths.js';
import { API_PREFIX, apiPaths } from '../../contract/paths.js';
import type { TokenResponse } from '../../contract/users.js';

const REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_AVATAR = '/images/reviewers/default-user.svg';
export const DEFAULT_PASSWORD = 'correct horse battery';

/** The API's address of a route of the contract: `api(apiPaths.products)` is `/api/products`. */
export const api = (route: string) => `${API_PREFIX}${route}`;
const AUTH = api(apiPaths.auth);

/** One JSON API call; throws with the answer's status and the start of its body unless it is 2xx. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  { headers = {}, json }: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<{ response: Response; body: T }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? null : JSON.stringify(json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { response, body: (text ? JSON.parse(text) : undefined) as T };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Every part of a running store, newest first, a page of the catalogue at a time: `GET /api/products`
 * answers only the newest 100.
 */
export async function everyPart(baseUrl: string): Promise<CatalogueItem[]> {
  const parts: CatalogueItem[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({
      sort: 'newest',
      pageSize: String(MAX_CATALOGUE_PAGE_SIZE),
      page: String(page),
    });
    const { body } = await call<CatalogueResponse>(baseUrl, 'GET', `${api(apiPaths.catalogue)}?${query}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    parts.push(...body.items);
    if (body.items.length === 0 || parts.length >= body.total) return parts;
  }
}

export interface SignedIn {
  email: string;
  token: string;
  role: TokenResponse['role'];
  /** The session cookie the token was asked for with. */
  cookie: string;
}

export interface NewCustomer {
  email?: string;
  password?: string;
  name?: string;
  image?: string;
}

/** Signs a new customer up (better-auth), as the web app does, and answers their bearer token. */
export async function registerCustomer(
  baseUrl: string,
  {
    email = `rider-${randomUUID().slice(0, 8)}@example.com`,
    password = DEFAULT_PASSWORD,
    name = 'Test Rider',
    image = DEFAULT_AVATAR,
  }: NewCustomer = {},
): Promise<SignedIn> {
  // better-auth refuses requests without a trusted Origin (its CSRF check).
  const signUp = await call(baseUrl, 'POST', `${AUTH}/sign-up/email`, {
    headers: { origin: baseUrl },
    json: { email, password, name, image },
  });
  return tokenFor(baseUrl, email, signUp.response);
}

/** Signs in with a password (the admin account a store made for its ADMIN_EMAILS, say). */
export async function signInForToken(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const signIn = await call(baseUrl, 'POST', `${AUTH}/sign-in/email`, {
    headers: { origin: baseUrl },
    json: { email, password },
  });
  return tokenFor(baseUrl, email, signIn.response);
}

/** `PUT /api/user/{email}` with the session cookie, as the web app asks for its token. */
async function tokenFor(baseUrl: string, email: string, session: Response): Promise<SignedIn> {
  const cookie = session.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('brakehouse.'))
    .join('; ');
  if (!cookie) throw new Error(`signing in ${email} set no brakehouse.* session cookie`);
  const { body } = await call<TokenResponse>(baseUrl, 'PUT', api(apiPaths.userToken(email)), {
    headers: { origin: baseUrl, cookie },
    json: { eamil: email }, // sic: the API's field name
  });
  return { email, token: body.token, role: body.role, cookie };
}

export interface OrderAnswer {
  /** The HTTP status, or 0 when no answer came. */
  status: number;
  body: Partial<Order> & { message?: string };
  /** The connection's error, when no answer came. */
  error?: string;
}

/** `POST /api/myOrder` with a bearer token: the status and the JSON body, or the connection's error. */
export async function placeOrder(
  baseUrl: string,
  token: string,
  productId: string,
  quantity: number,
): Promise<OrderAnswer> {
  try {
    const response = await fetch(`${baseUrl}${api(apiPaths.orders)}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ productId, quantity, phoneNumber: '+1 555 0100', address: 'Workshop 7' }),
    });
    return { status: response.status, body: (await response.json()) as OrderAnswer['body'] };
  } catch (error) {
    return { status: 0, body: {}, error: String((error as Error).cause ?? error) };
  }
}

/** A checkout address that passes the contract's checks. */
export const WORKSHOP_ADDRESS = {
  fullName: 'Bench Workshop',
  line1: '7 Pit Lane',
  line2: '',
  city: 'Brno',
  postalCode: '602 00',
  country: 'CZ',
};

/** Puts `quantity` of a part in the customer's cart (throws on a refusal). */
export const setCartLine = (baseUrl: string, token: string, productId: string, quantity: number) =>
  call(baseUrl, 'PUT', api(apiPaths.cartLine(productId)), { headers: bearer(token), json: { quantity } });

/**
 * Checks out the customer's cart (standard shipping), with an Idempotency-Key when given; like
 * placeOrder, a failure to get an answer is status 0.
 */
export async function checkoutCart(baseUrl: string, token: string, key?: string): Promise<OrderAnswer> {
  try {
    const response = await fetch(`${baseUrl}${api(apiPaths.checkout)}`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'content-type': 'application/json',
        ...(key !== undefined && { [IDEMPOTENCY_KEY_HEADER]: key }),
      },
      body: JSON.stringify({ shippingMethod: 'standard', phoneNumber: '+1 555 0100', address: WORKSHOP_ADDRESS }),
    });
    return { status: response.status, body: (await response.json()) as OrderAnswer['body'] };
  } catch (error) {
    return { status: 0, body: {}, error: String((error as Error).cause ?? error) };
  }
}
