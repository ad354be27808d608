// Zod-free modules only: every page that shows a refusal imports this one (server/http/first-download.test.ts).
import { MAX_GARAGE_BIKES } from './catalogue-names.js';
import { MAX_MEDIA_ASPECT } from './media-upload.js';
import { validationMessages as m } from './messages.js';
import { MAX_CART_LINES } from './rules/cart.js';
import { orderTotalTooLarge } from './rules/money.js';
import { MAX_SYNONYM_GROUPS } from './rules/search-synonyms.js';

const refusal = <const C extends string>(code: C, status: number, message: string) => ({ code, status, message });

/**
 * Every refusal the API answers, by name: its code (what clients test, stable), its HTTP status and
 * its message for people. The server throws them by name; the web app tells them apart by code.
 * A refusal may carry field errors (`errors`), which a form shows on its fields.
 */
export const apiErrors = {
  // The request itself
  validationFailed: refusal('VALIDATION_FAILED', 400, 'Some fields are not valid'),
  invalidId: refusal('INVALID_ID', 400, 'That id is not valid'),
  routeNotFound: refusal('ROUTE_NOT_FOUND', 404, 'No API route matches this request'),
  malformedUrl: refusal('MALFORMED_URL', 400, 'This URL is not valid (a % must start a two-digit hex code)'),
  urlPartTooLong: refusal('URL_PART_TOO_LONG', 414, 'A part of this URL is too long'),
  unsupportedContentEncoding: refusal(
    'UNSUPPORTED_CONTENT_ENCODING',
    415,
    'The body is compressed in a way the store cannot read (use gzip, deflate or br)',
  ),
  nulCharacter: refusal('NUL_CHARACTER', 400, 'Text cannot contain the NUL character (\\u0000)'),
  tooManyRequests: refusal('TOO_MANY_REQUESTS', 429, 'Too many requests. Please wait a minute and try again.'),
  searchBusy: refusal(
    'SEARCH_BUSY',
    429,
    'Too many searches at once from your address. Please wait a moment and try again.',
  ),
  // The store's side
  internalError: refusal('INTERNAL_ERROR', 500, 'Something went wrong on our side. Please try again.'),
  databaseUnavailable: refusal(
    'DATABASE_UNAVAILABLE',
    503,
    "The store's database is not answering. Please try again in a moment.",
  ),
  shuttingDown: refusal('SHUTTING_DOWN', 503, 'This server is shutting down. Please try again.'),
  // Who is calling
  signInRequired: refusal('SIGN_IN_REQUIRED', 401, 'Please sign in'),
  tokenInvalid: refusal('TOKEN_INVALID', 401, 'Your sign-in has expired. Please sign in again.'),
  sessionRequired: refusal('SESSION_REQUIRED', 401, 'Sign in first, then ask for a token'),
  sessionEmailMismatch: refusal(
    'SESSION_EMAIL_MISMATCH',
    403,
    'You can only get a token for the e-mail you signed in with',
  ),
  bodyEmailMismatch: refusal('BODY_EMAIL_MISMATCH', 400, 'The e-mail in the body must match the one in the path'),
  tooManyAttempts: refusal('TOO_MANY_ATTEMPTS', 429, 'Too many sign-in attempts. Please wait a minute and try again.'),
  forbidden: refusal('FORBIDDEN', 403, 'You are not allowed to do that'),
  adminOnly: refusal('ADMIN_ONLY', 403, 'Only an admin can do that'),
  customerOnly: refusal('CUSTOMER_ONLY', 403, 'Only customers can do that'),
  userNotFound: refusal('USER_NOT_FOUND', 404, 'No user with that e-mail'),
  // The catalogue and orders
  productNotFound: refusal('PRODUCT_NOT_FOUND', 404, 'No product with that id'),
  skuTaken: refusal('SKU_TAKEN', 409, 'Another part already has this sku'),
  vehicleNotFound: refusal('VEHICLE_NOT_FOUND', 404, 'No vehicle with that id'),
  garageFull: refusal('GARAGE_FULL', 409, `A garage keeps at most ${MAX_GARAGE_BIKES} bikes`),
  garageBikeNotFound: refusal('GARAGE_BIKE_NOT_FOUND', 404, 'No bike with that id in your garage'),
  quantityBelowMinimum: refusal('QUANTITY_BELOW_MINIMUM', 400, "The quantity is below the part's minimum order"),
  quantityAboveStock: refusal('QUANTITY_ABOVE_STOCK', 400, m.orderQuantityAboveStock),
  orderTotalTooLarge: refusal('ORDER_TOTAL_TOO_LARGE', 400, orderTotalTooLarge),
  orderNotFound: refusal('ORDER_NOT_FOUND', 404, 'No order with that id'),
  notYourOrder: refusal('NOT_YOUR_ORDER', 403, 'That order is not yours'),
  ordersOfOthers: refusal('ORDERS_OF_OTHERS', 403, 'You can only list your own orders'),
  paidOrderCannotBeDeleted: refusal('PAID_ORDER_CANNOT_BE_DELETED', 409, 'A paid order cannot be deleted'),
  cancelledOrderCannotBeDeleted: refusal(
    'CANCELLED_ORDER_CANNOT_BE_DELETED',
    409,
    'This order was cancelled by the shop; it stays in your orders and cannot be deleted',
  ),
  orderMoveRefused: refusal('ORDER_MOVE_REFUSED', 409, 'That order cannot make this move from where it is'),
  invoiceNotIssued: refusal('INVOICE_NOT_ISSUED', 409, 'This order has no invoice until it is paid'),
  idempotencyKeyReused: refusal(
    'IDEMPOTENCY_KEY_REUSED',
    422,
    'This Idempotency-Key was already used for a different request',
  ),
  // The cart and checkout
  cartEmpty: refusal('CART_EMPTY', 400, 'Your cart is empty'),
  cartFull: refusal('CART_FULL', 409, `A cart holds at most ${MAX_CART_LINES} different parts`),
  partUnavailable: refusal('PART_UNAVAILABLE', 409, 'A part in your cart can no longer be had in that quantity'),
  shippingMethodUnknown: refusal('SHIPPING_METHOD_UNKNOWN', 400, 'Choose a shipping method'),
  pricesChanged: refusal(
    'PRICES_CHANGED',
    409,
    'Prices changed since you looked. Check the new total, then place the order again.',
  ),
  // Running the shop
  mediaUnsupported: refusal(
    'MEDIA_UNSUPPORTED',
    400,
    'Upload a JPEG, PNG, WebP or AVIF photo (this file is not one the store can read)',
  ),
  mediaTooLarge: refusal('MEDIA_TOO_LARGE', 413, 'A photo can be at most 8 MB'),
  mediaTooManyPixels: refusal('MEDIA_TOO_MANY_PIXELS', 400, 'A photo can be at most 40 megapixels'),
  mediaTooTall: refusal(
    'MEDIA_TOO_TALL',
    400,
    `A photo can be at most ${MAX_MEDIA_ASPECT} times as tall as it is wide`,
  ),
  mediaMissing: refusal('MEDIA_MISSING', 400, 'Send the photo as the form field "file"'),
  catalogueCsvInvalid: refusal('CATALOGUE_CSV_INVALID', 400, 'The file has errors; nothing was imported'),
  synonymGroupListed: refusal('SYNONYM_GROUP_LISTED', 409, 'These words are already a group'),
  synonymGroupsFull: refusal('SYNONYM_GROUPS_FULL', 409, `The shop keeps at most ${MAX_SYNONYM_GROUPS} synonym groups`),
  synonymGroupNotFound: refusal('SYNONYM_GROUP_NOT_FOUND', 404, 'No synonym group with that id'),
  refundFailed: refusal('REFUND_FAILED', 502, 'The payment provider did not refund the order. Please try again.'),
  // Payments
  orderAlreadyPaid: refusal('ORDER_ALREADY_PAID', 409, 'This order is already paid'),
  orderCancelled: refusal('ORDER_CANCELLED', 409, 'This order was cancelled by the shop, so it cannot be paid'),
  orderChanged: refusal(
    'ORDER_CHANGED',
    409,
    'This order changed while the payment was being set up. Please open it again.',
  ),
  paymentNotFound: refusal('PAYMENT_NOT_FOUND', 404, 'No payment with that client secret'),
  paymentNotConfirmed: refusal(
    'PAYMENT_NOT_CONFIRMED',
    402,
    'The payment provider has not confirmed this payment for this order and amount',
  ),
  cardRefused: refusal('CARD_REFUSED', 402, 'Your card was declined.'),
  paymentCanceled: refusal('PAYMENT_CANCELED', 409, 'This payment was canceled. Please open the order again to pay.'),
  paymentProviderUnavailable: refusal(
    'PAYMENT_PROVIDER_UNAVAILABLE',
    503,
    'The payment provider is not answering. Please try again in a minute.',
  ),
  paymentProviderRefused: refusal(
    'PAYMENT_PROVIDER_REFUSED',
    503,
    'The payment provider refused this request. Please try again later.',
  ),
  webhookSignatureInvalid: refusal(
    'WEBHOOK_SIGNATURE_INVALID',
    400,
    'The webhook signature is missing, stale or does not match',
  ),
} as const;

export type ApiErrorName = keyof typeof apiErrors;
export type ApiErrorCode = (typeof apiErrors)[ApiErrorName]['code'];

/**
 * Codes of the identity library's refusals that the web app words itself (better-auth's own, and
 * those of the store's checks on names, e-mails and photos); they reach the client in the same shape.
 */
export const identityErrorCodes = {
  wrongCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  emailTakenPrefix: 'USER_ALREADY_EXISTS',
  invalidName: 'INVALID_NAME',
  invalidEmail: 'INVALID_EMAIL',
  invalidPhotoUrl: 'INVALID_PHOTO_URL',
  /** A password-reset token that was used already, is over an hour old, or never existed. */
  invalidToken: 'INVALID_TOKEN',
} as const;

/** The messages alone, by name. */
export const apiMessages = Object.fromEntries(
  Object.entries(apiErrors).map(([name, { message }]) => [name, message]),
) as { [Name in ApiErrorName]: (typeof apiErrors)[Name]['message'] };

/** A refusal about one field: where it lies in the request (`body.quantity`, `params.id`) and what is wrong. */
export interface FieldError {
  field: string;
  message: string;
  /** For a file the request carried (a CSV import): the line of the file, counting the header as 1. */
  line?: number | undefined;
}

/**
 * The one shape every API error takes: the HTTP status, its reason phrase, a stable code, a message
 * for people, and for refusals about fields, each field's message. (Its schema, for the routes'
 * response declarations, is `errorResponseSchema` in common.ts.)
 */
export interface ErrorResponse {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  errors?: FieldError[] | undefined;
}
