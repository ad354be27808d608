import { z } from 'zod';
import { pageParams } from './common.js';
import { oneLine } from './one-line.js';
import { ORDER_STATUSES, orderSchema } from './orders.js';
import { productSchema } from './products.js';
import { userSchema } from './users.js';

/** A search of an admin list: any part of the text, any case. */
const adminSearchParam = z
  .string()
  .trim()
  .max(200, { error: 'A search can be at most 200 characters' })
  .optional()
  .default('');

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
  q: adminSearchParam,
  ...pageParams(ADMIN_ORDERS_PAGE_SIZE, MAX_ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const adminOrdersResponseSchema = z.object({
  items: z.array(orderSchema),
  total: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** `GET /api/admin/products`: Manage Products' pages of the catalogue, newest first. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const MAX_ADMIN_PRODUCTS_PAGE_SIZE = 100;
export const adminProductsQuerySchema = z.object({
  /** Matches the part's name, sku or brand. */
  q: adminSearchParam,
  /** Only the parts whose stock is below their minimum order (they cannot be ordered). */
  belowMinimum: z
    .enum(['true', 'false'], { error: 'belowMinimum must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  ...pageParams(ADMIN_PRODUCTS_PAGE_SIZE, MAX_ADMIN_PRODUCTS_PAGE_SIZE),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

export const adminProductsResponseSchema = z.object({
  items: z.array(productSchema),
  /** How many parts match `q` and `belowMinimum`. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many of the parts matching `q` are below their minimum order, whatever `belowMinimum` says. */
  belowMinimumCount: z.number().int(),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

/** `GET /api/admin/users`: Make Admin's pages of the accounts, newest first. */
export const ADMIN_USERS_PAGE_SIZE = 20;
export const MAX_ADMIN_USERS_PAGE_SIZE = 100;
export const adminUsersQuerySchema = z.object({
  /** Matches the account's e-mail or name. */
  q: adminSearchParam,
  ...pageParams(ADMIN_USERS_PAGE_SIZE, MAX_ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  items: z.array(userSchema),
  /** How many accounts match `q`. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 60;

/** `POST /api/admin/orders/{id}/ship`. */
export const shipOrderSchema = z.object({
  carrier: oneLine(
    z
      .string({ error: 'Carrier is required' })
      .trim()
      .min(1, { error: 'Carrier is required' })
      .max(MAX_CARRIER_LENGTH, { error: `A carrier can be at most ${MAX_CARRIER_LENGTH} characters` }),
    'A carrier',
  ),
  trackingNumber: oneLine(
    z
      .string({ error: 'Tracking number is required' })
      .trim()
      .min(1, { error: 'Tracking number is required' })
      .max(MAX_TRACKING_NUMBER_LENGTH, {
        error: `A tracking number can be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`,
      }),
    'A tracking number',
  ),
});
export type ShipOrder = z.input<typeof shipOrderSchema>;

/** `POST /api/media`'s answer: the photo's address (its largest WebP) and that file's size. */
export const mediaUploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MediaUpload = z.infer<typeof mediaUploadResponseSchema>;

/** The columns every file of `/api/admin/catalogue.csv` has, in order (the spec's spellings). */
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
/**
 * The export's one more column, last: each part's stock when the file was made. A file may leave it
 * out; where it is given, the import applies the stock column as a change (docs/decisions/0034).
 */
export const CATALOGUE_CSV_EXPORTED_STOCK = 'exportedStock';
/** The export's columns, in order. */
export const CATALOGUE_CSV_EXPORT_COLUMNS = [...CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_EXPORTED_STOCK] as const;
export type CatalogueCsvExportColumn = (typeof CATALOGUE_CSV_EXPORT_COLUMNS)[number];

/** `POST /api/admin/catalogue.csv`'s answer: the parts the file added and the ones it changed. */
export const catalogueImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
