import { z } from 'zod';
import { idSchema } from './common.js';
import { validationMessages as m } from './messages.js';

export const MAX_PHONE_LENGTH = 30;
export const MAX_ADDRESS_LENGTH = 300;

/**
 * The most one order can total, in cents: Stripe's largest charge for USD-like currencies
 * (999,999.99). A larger order could never be paid by card, so it is refused when placed.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;
export const orderTotalTooLarge = `An order can total at most ${(MAX_ORDER_TOTAL_CENTS / 100).toLocaleString('en-US', {
  minimumFractionDigits: 2,
})}. Please order fewer or contact us.`;

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
  phoneNumber: z
    .string({ error: m.phoneNumberRequired })
    .trim()
    .min(1, { error: m.phoneNumberRequired })
    .max(MAX_PHONE_LENGTH, { error: `A phone number can be at most ${MAX_PHONE_LENGTH} characters` }),
  address: z
    .string()
    .trim()
    .max(MAX_ADDRESS_LENGTH, { error: `An address can be at most ${MAX_ADDRESS_LENGTH} characters` })
    .optional()
    .default(''),
  price: z.unknown().optional(),
  name: z.unknown().optional(),
});
export type CreateOrder = z.input<typeof createOrderSchema>;

/** An order with the spec's field names; `price` is the total (unit price x quantity). */
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
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const orderListQuerySchema = z.object({ email: z.email({ error: 'email must be an e-mail address' }) });

export const deleteOrderResponseSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.literal(1) });

/**
 * The Order Now form for one product: the quantity between the product's minimum and its stock, with
 * the spec's messages (decisions.md fixes the minimum's number and the stock message), and no more
 * than keeps the total within MAX_ORDER_TOTAL_CENTS, as the server checks.
 */
export const orderFormSchema = (product: { minimumOderQantity: number; availableQantity: number; price: number }) =>
  z.object({
    quantity: z
      .number({ error: m.orderQuantityRequired })
      .int({ error: 'Order Quantity must be a whole number' })
      .min(product.minimumOderQantity, { error: m.orderQuantityBelowMinimum(product.minimumOderQantity) })
      .max(product.availableQantity, { error: m.orderQuantityAboveStock })
      .max(Math.floor(MAX_ORDER_TOTAL_CENTS / Math.round(product.price * 100)), { error: orderTotalTooLarge }),
    phoneNumber: createOrderSchema.shape.phoneNumber,
    address: z
      .string()
      .trim()
      .max(MAX_ADDRESS_LENGTH, {
        error: `An address can be at most ${MAX_ADDRESS_LENGTH} characters`,
      }),
  });
export type OrderForm = z.infer<ReturnType<typeof orderFormSchema>>;
