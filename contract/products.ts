import { z } from 'zod';
import {
  bikeFromQuerySchema,
  type CatalogueFacet,
  DEFAULT_PART_CATEGORY,
  type FacetCount,
  facetCountSchema,
  FIT_KINDS,
  MAX_BRAND_LENGTH,
  MAX_OEM_NUMBERS,
  normalizePartNumber,
  PART_CATEGORIES,
  partNumberSchema,
  partSpecsSchema,
} from './catalogue.js';
import { idSchema, limitParam } from './common.js';
import { isMediaUrl, storePictureUrl } from './media.js';
import { isWholeCents, MAX_ORDER_TOTAL_CENTS, toCents } from './money.js';
import { validationMessages as m } from './messages.js';
import { oneLine } from './one-line.js';

/** A catalogue part, with the spec's field spellings. `price` is the unit price in the store currency. */
export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  picture: z.string(),
  price: z.number(),
  availableQantity: z.number().int(),
  minimumOderQantity: z.number().int(),
  description: z.string(),
  /** The shop's part number, unique ignoring case. */
  sku: z.string(),
  brand: z.string(),
  category: z.enum(PART_CATEGORIES),
  specs: partSpecsSchema,
  /** The bike makers' part numbers this part replaces. */
  oemNumbers: z.array(z.string()),
  /** Fits every bike. */
  universal: z.boolean(),
  /** ISO time. */
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/**
 * `GET /api/products`: the newest parts, at most 100, oldest first (the home shows them reversed).
 * The whole catalogue is read in pages: `/api/catalogue`, Manage Products and the CSV export.
 */
export const MAX_NEWEST_PRODUCTS = 100;
export const productListQuerySchema = z.object({ limit: limitParam(MAX_NEWEST_PRODUCTS) });
export type ProductListQuery = z.input<typeof productListQuerySchema>;

// Written without zod, for the catalogue's first download.
export { canBeOrdered } from './rules/orderable.js';

/**
 * Add Product's picture until one is chosen: a sample image that ships with the store, in AVIF and
 * WebP at four widths (contract/media.ts).
 */
export const SAMPLE_PRODUCT_PICTURE = storePictureUrl('sample-part');
/**
 * The part pictures that ship with the store (web/public/images/products), offered on Add Product.
 * Each also has an SVG of the same drawing (`<name>.svg`), which parts made before the renders keep.
 */
export const SHIPPED_PRODUCT_PICTURES = [
  'sample-part',
  'sintered-pads',
  'organic-pads',
  'wave-disc',
  'rear-disc',
  'radial-caliper',
  'rear-caliper',
  'braided-lines',
  'brake-lever',
  'radial-master-cylinder',
  'rear-master-cylinder',
  'rebuild-kit',
  'brake-fluid',
  'banjo-bolts',
  'disc-bolts',
].map((name) => storePictureUrl(name));
export const MAX_PRODUCT_NAME_LENGTH = 120;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 2000;
export const MAX_PRODUCT_PRICE = 100_000;
export const MAX_PRODUCT_QUANTITY = 1_000_000;
const MAX_ORDER_TOTAL = MAX_ORDER_TOTAL_CENTS / 100;

/** A picture that ships with this store (`/images/...`). Uploaded photos are `/media/...` (media.ts). */
export const PICTURE_PATTERN = /^\/images\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp|avif)$/;
export const MAX_PICTURE_LENGTH = 2048;
export const PICTURE_MESSAGE = 'Picture must be an https:// address or an uploaded photo';

/**
 * A part's picture is a picture of this store or an absolute `https://` address (the CSP allows
 * https images), shown as given: never `http:`, `javascript:`, `data:`, a relative path or an
 * address with a user name or password in it.
 */
export function isProductPicture(value: string): boolean {
  if (PICTURE_PATTERN.test(value) || isMediaUrl(value)) return true;
  if (!/^https:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

const quantity = (required: string) =>
  z
    .number({ error: required })
    .int({ error: 'Quantities are whole numbers' })
    .min(1, { error: m.quantityBelowOne })
    .max(MAX_PRODUCT_QUANTITY, { error: `A quantity can be at most ${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')}` });

/** Each field of a part as Add Product and Edit Product take it, with the spec's messages (section 5). */
const productFields = {
  // A part's name and brand go into e-mails, invoices and order lines: one line each (contract/one-line.ts).
  name: oneLine(
    z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, { error: m.nameRequired })
      .max(MAX_PRODUCT_NAME_LENGTH, { error: `A name can be at most ${MAX_PRODUCT_NAME_LENGTH} characters` }),
    'A name',
  ),
  price: z
    .number({ error: m.priceRequired })
    .min(1, { error: m.priceTooLow })
    .max(MAX_PRODUCT_PRICE, { error: `The price can be at most ${MAX_PRODUCT_PRICE.toLocaleString('en-US')}` })
    .refine(isWholeCents, {
      error: 'The price can have at most two decimals',
    }),
  minimumOderQantity: quantity(m.minimumQuantityRequired),
  availableQantity: quantity(m.availableQuantityRequired),
  picture: z
    .string({ error: m.pictureRequired })
    .trim()
    .min(1, { error: m.pictureRequired })
    .max(MAX_PICTURE_LENGTH, {
      error: `A picture address can be at most ${MAX_PICTURE_LENGTH.toLocaleString('en-US')} characters`,
    })
    .refine(isProductPicture, { error: PICTURE_MESSAGE }),
  description: z
    .string()
    .trim()
    .max(MAX_PRODUCT_DESCRIPTION_LENGTH, {
      error: `A description can be at most ${MAX_PRODUCT_DESCRIPTION_LENGTH} characters`,
    }),
  /** Left out on Add Product, the store makes one (`BH-` and letters and digits). */
  sku: partNumberSchema('sku'),
  brand: oneLine(
    z
      .string({ error: 'brand must be a text' })
      .trim()
      .max(MAX_BRAND_LENGTH, { error: `A brand can be at most ${MAX_BRAND_LENGTH} characters` }),
    'A brand',
  ),
  category: z.enum(PART_CATEGORIES, { error: `category must be one of ${PART_CATEGORIES.join(', ')}` }),
  specs: partSpecsSchema,
  oemNumbers: z
    .array(partNumberSchema('An OEM number'), { error: 'oemNumbers must be a list of part numbers' })
    .max(MAX_OEM_NUMBERS, { error: `A part can list at most ${MAX_OEM_NUMBERS} OEM numbers` })
    .refine((numbers) => new Set(numbers.map(normalizePartNumber)).size === numbers.length, {
      error: 'An OEM number is listed twice',
    }),
  universal: z.boolean({ error: 'universal must be true or false' }),
};

/** Add Product's form and `POST /api/products`: the fields, the optional ones with their defaults. */
export const productFormSchema = z
  .object({
    ...productFields,
    description: productFields.description.optional().default(''),
    sku: productFields.sku.optional(),
    brand: productFields.brand.optional().default(''),
    category: productFields.category.optional().default(DEFAULT_PART_CATEGORY),
    specs: productFields.specs.optional().default({}),
    oemNumbers: productFields.oemNumbers.optional().default([]),
    universal: productFields.universal.optional().default(false),
  })
  .refine((product) => product.minimumOderQantity <= product.availableQantity, {
    path: ['minimumOderQantity'],
    error: 'The minimum order cannot be more than the available quantity',
  })
  .refine((product) => toCents(product.price) * product.minimumOderQantity <= MAX_ORDER_TOTAL_CENTS, {
    path: ['minimumOderQantity'],
    error: `At this price the minimum order would total more than one order can (${MAX_ORDER_TOTAL.toLocaleString('en-US', { minimumFractionDigits: 2 })})`,
  });
export type ProductForm = z.input<typeof productFormSchema>;
export type NewProduct = z.output<typeof productFormSchema>;

/**
 * `PATCH /api/products/{id}`: any of the fields, each with Add Product's rule. The rules between
 * fields (the minimum within the stock, the minimum order's total) are checked on the part as it
 * will be, once the change is laid over it (`editedProduct`).
 */
export const productPatchSchema = z
  .object(productFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'Change at least one field',
  });
export type ProductPatch = z.input<typeof productPatchSchema>;

/** The part's fields as Add Product's form holds them. */
export const productFormValues = (product: Product): NewProduct => ({
  name: product.name,
  price: product.price,
  minimumOderQantity: product.minimumOderQantity,
  availableQantity: product.availableQantity,
  picture: product.picture,
  description: product.description,
  sku: product.sku,
  brand: product.brand,
  category: product.category,
  specs: product.specs,
  oemNumbers: product.oemNumbers,
  universal: product.universal,
});

/** The part as an edit makes it, checked by Add Product's rules (the answer carries the issues if not). */
export const editedProduct = (product: Product, patch: z.output<typeof productPatchSchema>) =>
  productFormSchema.safeParse({
    ...productFormValues(product),
    ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
  });

export const deleteProductResponseSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.literal(1) });

/** A part in `/api/catalogue`'s answer; with a bike chosen, whether it fits that bike or every bike. */
export const catalogueItemSchema = productSchema.extend({ fits: z.enum(FIT_KINDS).optional() });
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/**
 * `/api/catalogue`'s answer: one page of parts, how many match in all, and for each facet the count
 * of each value under every filter but that facet's own (so a shopper sees what another choice gives).
 */
export const catalogueResponseSchema = z.object({
  items: z.array(catalogueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    category: z.array(facetCountSchema),
    brand: z.array(facetCountSchema),
    compound: z.array(facetCountSchema),
    position: z.array(facetCountSchema),
  }) satisfies z.ZodType<Record<CatalogueFacet, FacetCount[]>>,
  /** When the words named a bike: the bike the parts are listed for (the words left are `text`). */
  bikeFromQuery: bikeFromQuerySchema
    .optional()
    .describe('When the words of q named a bike: the bike the parts are listed for, and the words searched besides'),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;
