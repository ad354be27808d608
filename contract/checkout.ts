import { z } from 'zod';
import { errorResponseSchema, idSchema } from './common.js';
import { MAX_ORDER_TOTAL_CENTS } from './money.js';
import { oneLine } from './one-line.js';
import { IDEMPOTENCY_KEY_HEADER } from './paths.js';
import { createOrderSchema } from './orders.js';

/**
 * The cart and the checkout (parts-shop section 2): a customer's lines kept on the server, shipping
 * methods, the address an order ships to, and the one function that adds an order up.
 */

// Written without zod in contract/rules/, for the pages that must not download it.
export { cartMessages, MAX_CART_LINES } from './rules/cart.js';
export {
  orderTotals,
  shippingCents,
  taxRateBasisPoints,
  totalsInUnits,
  type OrderTotals,
  type PricedLine,
} from './rules/order-totals.js';

// ---------------------------------------------------------------------------------------------
// Shipping

export const shippingMethodSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** What it costs, before tax. */
  price: z.number(),
  /** Free when the goods (the subtotal) come to this much or more; null: never free. */
  freeFrom: z.number().nullable(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const shippingMethodListSchema = z.array(shippingMethodSchema);

/** The store's methods when SHIPPING_METHODS does not set others. */
export const DEFAULT_SHIPPING_METHODS: ShippingMethod[] = [
  { id: 'standard', label: 'Standard delivery (3-5 working days)', price: 7.5, freeFrom: 150 },
  { id: 'express', label: 'Express delivery (next working day)', price: 19, freeFrom: null },
  { id: 'pickup', label: 'Pick up at the shop', price: 0, freeFrom: null },
];

/**
 * The shipping line of an order's totals (e-mails, invoices): `Shipping: <the method's label>`, by
 * its id when the store no longer offers it; plain `Shipping` for an order that ships nothing.
 */
export function shippingLineLabel(methodId: string | null, methods: readonly ShippingMethod[]): string {
  if (!methodId) return 'Shipping';
  return `Shipping: ${methods.find(({ id }) => id === methodId)?.label ?? methodId}`;
}

// ---------------------------------------------------------------------------------------------
// The cart

export const cartLineSchema = z.object({
  productId: idSchema,
  name: z.string(),
  sku: z.string(),
  picture: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  minimumOderQantity: z.number().int(),
  availableQantity: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** Units in the cart (the navbar's number). */
  count: z.number().int(),
  subtotal: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

/** `PUT /api/cart/{productId}`: the quantity, with the order form's messages. */
export const setCartQuantitySchema = z.object({ quantity: createOrderSchema.shape.quantity });
export type SetCartQuantity = z.infer<typeof setCartQuantitySchema>;

export const cartProductParamsSchema = z.object({ productId: idSchema });

// ---------------------------------------------------------------------------------------------
// Checkout

export const MAX_ADDRESS_FIELD_LENGTH = 100;
export const MAX_POSTAL_CODE_LENGTH = 20;

const addressField = (label: string) =>
  oneLine(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(MAX_ADDRESS_FIELD_LENGTH, { error: `${label} can be at most ${MAX_ADDRESS_FIELD_LENGTH} characters` }),
    label,
  );

export const shippingAddressSchema = z.object({
  fullName: addressField('Full name'),
  line1: addressField('Address'),
  line2: oneLine(
    z
      .string()
      .trim()
      .max(MAX_ADDRESS_FIELD_LENGTH, { error: `Address line 2 can be at most ${MAX_ADDRESS_FIELD_LENGTH} characters` }),
    'Address line 2',
  )
    .optional()
    .default(''),
  city: addressField('City'),
  postalCode: oneLine(
    z
      .string({ error: 'Postal code is required' })
      .trim()
      .min(1, { error: 'Postal code is required' })
      .max(MAX_POSTAL_CODE_LENGTH, { error: `Postal code can be at most ${MAX_POSTAL_CODE_LENGTH} characters` }),
    'Postal code',
  ),
  /** ISO 3166-1 alpha-2, upper case: `DE`, `GB`, `US`. */
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter country code' }),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const checkoutSchema = z.object({
  shippingMethod: z.string({ error: 'Choose a shipping method' }).min(1, { error: 'Choose a shipping method' }),
  phoneNumber: createOrderSchema.shape.phoneNumber,
  address: shippingAddressSchema,
  /**
   * The total the customer was shown: when the order would come to anything else (a price moved
   * meanwhile), the checkout answers 409 PRICES_CHANGED with the new figures and changes nothing.
   */
  expectedTotal: z.number({ error: 'The expected total must be an amount' }).nonnegative().optional(),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** What an order would come to now, line by line: the figures a PRICES_CHANGED refusal carries. */
export const checkoutFiguresSchema = z.object({
  lines: z.array(
    z.object({
      productId: idSchema,
      name: z.string(),
      unitPrice: z.number(),
      quantity: z.number().int(),
      lineTotal: z.number(),
    }),
  ),
  subtotal: z.number(),
  shippingCost: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type CheckoutFigures = z.infer<typeof checkoutFiguresSchema>;

/** The checkout's 409: the one error shape, with the new figures when prices moved. */
export const checkoutRefusalSchema = errorResponseSchema.extend({ figures: checkoutFiguresSchema.optional() });

/** The largest grand total a checkout may reach: the largest card payment. */
export const MAX_CHECKOUT_TOTAL_CENTS = MAX_ORDER_TOTAL_CENTS;

// ---------------------------------------------------------------------------------------------
// Retries

export const IDEMPOTENCY_KEY_HOURS = 24;
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,255}$/, { error: 'Idempotency-Key must be 8 to 255 visible ASCII characters' });
export const orderRequestHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });
