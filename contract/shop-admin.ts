import { z } from 'zod';
import { ORDER_STATUSES, orderSchema } from './orders.js';

/** `GET /api/admin/orders`: every customer's orders, newest first, a page at a time. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const MAX_ADMIN_ORDERS_PAGE_SIZE = 100;
export const adminOrdersQuerySchema = z.object({
  /** Empty is the filter's "all". */
  status: z
    .union([z.enum(ORDER_STATUSES), z.literal('')], { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional()
    .transform((status) => (status === '' ? undefined : status)),
  /** Matches the customer's e-mail, the order id and the names of its parts (any part of them, any case). */
  q: z.string().trim().max(200, { error: 'A search can be at most 200 characters' }).optional().default(''),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page starts at 1' })
    .max(100_000, { error: 'page can be at most 100,000' })
    .optional()
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be at least 1' })
    .max(MAX_ADMIN_ORDERS_PAGE_SIZE, { error: `pageSize can be at most ${MAX_ADMIN_ORDERS_PAGE_SIZE}` })
    .optional()
    .default(ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const adminOrdersResponseSchema = z.object({
  items: z.array(orderSchema),
  total: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 60;

/** `POST /api/admin/orders/{id}/ship`. */
export const shipOrderSchema = z.object({
  carrier: z
    .string({ error: 'Carrier is required' })
    .trim()
    .min(1, { error: 'Carrier is required' })
    .max(MAX_CARRIER_LENGTH, { error: `A carrier can be at most ${MAX_CARRIER_LENGTH} characters` }),
  trackingNumber: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .min(1, { error: 'Tracking number is required' })
    .max(MAX_TRACKING_NUMBER_LENGTH, {
      error: `A tracking number can be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`,
    }),
});
export type ShipOrder = z.input<typeof shipOrderSchema>;

/** `POST /api/media`'s answer: the photo's address (its largest WebP) and that file's size. */
export const mediaUploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MediaUpload = z.infer<typeof mediaUploadResponseSchema>;

/** The columns of `/api/admin/catalogue.csv`, in order (the spec's spellings). */
export const CATALOGUE_CSV_COLUMNS = [
  'sku',
  'name',
  'brand',
  'category',
  'price',
  'availableQantity',
  'minimumOderQantity',
  'description',
  'picture',
  'oemNumbers',
  'specs',
  'fitment',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** `POST /api/admin/catalogue.csv`'s answer: the parts the file added and the ones it changed. */
export const catalogueImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
