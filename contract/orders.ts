import { z } from 'zod';
import { idSchema, limitParam, pageParam } from './common.js';
import { validationMessages as m } from './messages.js';
import { oneLine } from './one-line.js';
import { ORDER_STATUSES } from './rules/order-status.js';
import { quantityProblem, quantityProblemMessage, type OrderablePart } from './rules/orderable.js';

// Written without zod in contract/rules/, for the pages that must not download it.
export { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './rules/order-status.js';
export {
  quantityProblem,
  quantityProblemMessage,
  type OrderablePart,
  type QuantityProblem,
} from './rules/orderable.js';

export const MAX_PHONE_LENGTH = 30;
export const MAX_ADDRESS_LENGTH = 300;

/** The one-line address of Order Now (the order form's and `POST /api/myOrder`'s). */
const orderAddressField = oneLine(
  z
    .string()
    .trim()
    .max(MAX_ADDRESS_LENGTH, { error: `An address can be at most ${MAX_ADDRESS_LENGTH} characters` }),
  'An address',
);

const quantityField = z
  .number({ error: m.orderQuantityRequired })
  .int({ error: 'Order Quantity must be a whole number' })
  .positive({ error: 'Order Quantity must be at least 1' })
  .max(1_000_000, { error: m.orderQuantityAboveStock });

/**
 * `POST /api/myOrder`. The spec's body also carries `price` and `name` (the product name); the
 * server accepts and ignores them: the price comes from the catalogue, the name from the product.
 */
export const createOrderSchema = z.object({
  productId: idSchema,
  quantity: quantityField,
  phoneNumber: oneLine(
    z
      .string({ error: m.phoneNumberRequired })
      .trim()
      .min(1, { error: m.phoneNumberRequired })
      .max(MAX_PHONE_LENGTH, { error: `A phone number can be at most ${MAX_PHONE_LENGTH} characters` }),
    'A phone number',
  ),
  address: orderAddressField.optional().default(''),
  price: z.unknown().optional(),
  name: z.unknown().optional(),
});
export type CreateOrder = z.input<typeof createOrderSchema>;

/** One part of an order, with the name and price it was ordered at. */
export const orderLineSchema = z.object({
  productId: z.string().nullable(),
  productName: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The address a checkout order ships to (checkout.ts checks it on the way in). */
export const orderAddressSchema = z.object({
  fullName: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** One move of an order's life ("placed" is its creation), oldest first. */
export const orderEventSchema = z.object({
  status: z.enum(['placed', ...ORDER_STATUSES.filter((status) => status !== 'unpaid')]),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * An order with the spec's field names. `price` is the amount to pay: the grand total (lines,
 * shipping and tax); for a seed order, unit price x quantity. An order of several parts is named
 * `<first part> and N more`, `unitPrice` is its first line's and `quantity` counts its units.
 */
export const orderSchema = z.object({
  _id: idSchema,
  email: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  productName: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  price: z.number(),
  phoneNumber: z.string(),
  address: z.string(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  /** null for a seed order (Order Now): no shipping. */
  shippingMethod: z.string().nullable(),
  shippingCost: z.number(),
  tax: z.number(),
  shippingAddress: orderAddressSchema.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Given when the order is paid, sequential, never reused; its PDF is `GET /api/myOrder/{id}/invoice.pdf`. */
  invoiceNumber: z.number().int().nullable(),
  history: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** `<first part> and N more`: the name of an order of several parts. */
export const orderName = (lines: readonly { productName: string }[]): string =>
  lines.length <= 1 ? (lines[0]?.productName ?? '') : `${lines[0]?.productName ?? ''} and ${lines.length - 1} more`;
export const orderListSchema = z.array(orderSchema);

/** The most orders `GET /api/myOrder` answers at once: the newest, `page` by `page` (`X-Total-Count` says how many). */
export const MAX_MY_ORDERS = 100;
export const orderListQuerySchema = z.object({
  email: z.email({ error: 'email must be an e-mail address' }),
  limit: limitParam(MAX_MY_ORDERS),
  page: pageParam,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const deleteOrderResponseSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.literal(1) });

/** The Order Now form for one part: its quantity by the rule (rules/orderable.ts), with the spec's messages. */
export const orderFormSchema = (part: OrderablePart) =>
  z.object({
    quantity: z
      .number({ error: m.orderQuantityRequired })
      .int({ error: 'Order Quantity must be a whole number' })
      .superRefine((quantity, context) => {
        const problem = quantityProblem(part, quantity);
        if (problem) context.addIssue({ code: 'custom', message: quantityProblemMessage(problem, part) });
      }),
    phoneNumber: createOrderSchema.shape.phoneNumber,
    address: orderAddressField,
  });
export type OrderForm = z.infer<ReturnType<typeof orderFormSchema>>;
