import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PartSpecs } from '../../contract/catalogue.js';
import { ORDER_STATUSES, type OrderAddress } from '../../contract/orders.js';

/**
 * Tables use the database's own names (snake_case, `id`); repositories map rows to the contract's
 * spellings (`_id`, `availableQantity`, ...). `seq` orders "newest first" even within one
 * transaction, where `created_at` is the same for every row.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    picture: text('picture').notNull(),
    priceCents: integer('price_cents').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    description: text('description').notNull().default(''),
    /** The shop's part number, unique ignoring case (products_sku_unique). */
    sku: text('sku').notNull(),
    brand: text('brand').notNull().default(''),
    category: text('category').notNull().default('hardware'),
    specs: jsonb('specs').$type<PartSpecs>().notNull().default({}),
    /** The bike makers' numbers this part replaces, as written; compared normalized (catalogue search). */
    oemNumbers: text('oem_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Fits every bike (fluid, some hardware): no fitment rows needed. */
    universal: boolean('universal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_seq_idx').on(table.seq),
    uniqueIndex('products_sku_unique').on(sql`lower(${table.sku})`),
    index('products_category_idx').on(table.category),
    /** The parts listed for every bike, beside the ones fitted to it (catalogue search). */
    // Catalogue search's sorts: a page of the cheapest, dearest or first by name without sorting them all.
    index('products_price_idx').on(table.priceCents),
    index('products_name_idx').on(sql`lower(${table.name}) collate "C"`),
    index('products_universal_idx')
      .on(table.seq)
      .where(sql`${table.universal}`),
    check('products_price_min', sql`${table.priceCents} >= 100`),
    check('products_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    check('products_minimum_positive', sql`${table.minimumOrderQuantity} >= 1`),
  ],
);

/*
 * Catalogue search (server/catalogue/search.ts) also relies on what migration 0009 adds by hand and
 * Drizzle does not model, so that reading a part never carries it: `products.search_vector`, the
 * weighted text of each part (a GIN index), and `products.part_numbers`, its sku and OEM numbers
 * normalized, both kept by the trigger `products_search_fields`; and the function
 * `normalize_part_number`, the SQL twin of the contract's normalizePartNumber.
 */

/**
 * Every word of the catalogue's text (names, brands, descriptions), lowercased: where a misspelt
 * word finds the word it meant (trigram index). Kept by the triggers of migration 0009; a word whose
 * parts are gone stays, harmlessly (it matches nothing).
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (table) => [
  index('search_terms_trigram_idx').using('gin', sql`${table.term} gin_trgm_ops`),
  // "Does a word of the catalogue start with this?" as a range of this index, the same on any locale.
  index('search_terms_prefix_idx').on(sql`${table.term} collate "C"`),
]);

/**
 * Words that search reads as one (`disk` also finds disc and rotor), a group a row: its words
 * lowercased and sorted, so that a group is listed once. Migration 0020 seeds the brake-part
 * defaults; admins keep the list (docs/decisions/0040-search-synonyms-and-numbers-in-text.md).
 */
export const searchSynonymGroups = pgTable(
  'search_synonym_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    words: text('words').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('search_synonym_groups_words_unique').on(table.words)],
);

/** One model year of a bike: `2019 Honda CBR600RR`. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: smallint('year').notNull(),
  },
  (table) => [uniqueIndex('vehicles_make_model_year_unique').on(table.make, table.model, table.year)],
);

/** Which part fits which model year (a universal part needs none). */
export const productFitment = pgTable(
  'product_fitment',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.vehicleId] }),
    // With the part's id in it, "the parts that fit this bike" is read from the index alone.
    index('product_fitment_vehicle_idx').on(table.vehicleId, table.productId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    photoUrl: text('photo_url').notNull(),
    rating: smallint('rating').notNull(),
    feedback: text('feedback').notNull(),
    /** Who wrote it; the sample reviews have nobody. Name, e-mail and photo are copied at writing time. */
    userId: text('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reviews_seq_idx').on(table.seq),
    // One testimonial per customer: a new one replaces theirs (the sample reviews have no user_id).
    uniqueIndex('reviews_user_id_key').on(table.userId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/** Small facts about the database itself, such as whether the sample catalogue was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/*
 * Identity tables, in the shape better-auth expects (plural names, `usePlural`), plus the store's
 * own `role`. Passwords are hashed by better-auth (scrypt) and live in `accounts.password`.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role', { enum: ['customer', 'admin'] })
    .notNull()
    .default('customer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** My Profile's info (spec section 3), one row per user, saved by `POST /api/userinfo`. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  education: text('education').notNull(),
  location: text('location').notNull(),
  phoneNumber: text('phone_number').notNull(),
  linkedIn: text('linked_in').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's bikes (at most MAX_GARAGE_BIKES, contract/catalogue.ts), each one model year once. */
export const garageBikes = pgTable(
  'garage_bikes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('garage_bikes_user_vehicle_unique').on(table.userId, table.vehicleId)],
);

/**
 * Orders keep the product's name and unit price as they were when ordered, so deleting a product
 * from the catalogue never changes an order; `product_id` is cleared then.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The total, in 64 bits: 32-bit cents end at 21,474,836.47, below what a few parts can cost. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull().default(''),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    /** The provider's payment for this order, so a later visit, a delete or a webhook can ask about it. */
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Where the order is in its life; changed only through server/orders/status.ts. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    /** The lines' totals; `priceCents` is the amount to pay: subtotal, shipping and tax. */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    /** null: an Order Now order, which ships nothing. */
    shippingMethod: text('shipping_method'),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The payment gateway's refund of this order once it is refunded; while a paid order is being
     * refunded, the key the gateway is asked with, which keeps it from shipping (decision 0028).
     */
    refundId: text('refund_id'),
    /**
     * The invoice's number, given in the transaction that marks the order paid (server/orders/status.ts)
     * from `invoice_counter`, so numbers run on without a gap and are never given twice.
     */
    invoiceNumber: integer('invoice_number').unique(),
  },
  (table) => [
    index('orders_user_id_idx').on(table.userId),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'orders_price_is_sum',
      sql`${table.priceCents} = ${table.subtotalCents} + ${table.shippingCents} + ${table.taxCents}`,
    ),
    check(
      'orders_status_known',
      sql`${table.status} in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    ),
    check('orders_paid_flag', sql`${table.paid} = (${table.status} in ('paid', 'shipped', 'delivered', 'refunded'))`),
    check('orders_invoiced_when_paid', sql`${table.paid} = (${table.invoiceNumber} is not null)`),
  ],
);

/** The last invoice number given: one row, moved on in the transaction that marks an order paid. */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    only: boolean('only').primaryKey().default(true),
    last: integer('last').notNull().default(0),
  },
  (table) => [check('invoice_counter_one_row', sql`${table.only}`)],
);

/** The parts of an order, with the name and unit price they were ordered at. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    index('order_lines_product_id_idx').on(table.productId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    // Multiplied in bigint: the product of two integer columns is an integer and would overflow.
    check('order_lines_total', sql`${table.lineTotalCents} = ${table.unitPriceCents}::bigint * ${table.quantity}`),
  ],
);

/** A customer's cart: one row a part. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order lines were added in (a quantity changed later keeps its place). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * `Idempotency-Key`s of order requests: the first order a customer's key made, for 24 hours. The row
 * is written in the order's own transaction, so it exists exactly when the order does.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What was asked (a hash of the request): the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

/**
 * The built-in sandbox gateway's payment intents (with Stripe, Stripe keeps them). An order has at
 * most one that can still be paid, even when two tabs ask at once.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    orderId: uuid('order_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_payment_intents_open_per_order')
      .on(table.orderId)
      .where(sql`${table.status} <> 'canceled'`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded photos, re-encoded (server/media): one row a file served under `/media/`. Files never
 * change once written (their name is new for every upload), so they are served as immutable and
 * every instance reads the same ones. `upload_id` groups the sizes and formats of one upload.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** The path under /media/, e.g. `3f9c...-1280.webp`. */
    name: text('name').primaryKey(),
    uploadId: text('upload_id').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_files_upload_id_idx').on(table.uploadId)],
);

/**
 * E-mails to send (server/mail/outbox.ts): each written in the transaction of the change that causes
 * it, then sent by a worker of any instance. A worker claims due rows by moving their
 * `next_attempt_at` past the time a send may take (rows taken with FOR UPDATE SKIP LOCKED, so two
 * instances never claim one), sends them outside any transaction, and marks each sent, or sets when
 * to try again. A claim whose worker died runs out and the row is sent by another. `data` is what
 * the message says, taken when the change was made.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** null: the store's own address (STORE_CONTACT_EMAIL), as when the message was sent. */
    recipient: text('recipient'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up on after its last attempt: logged as an error, kept for the owner to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Waiting for its recipient to verify the address (server/mail/outbox.ts): never tried, looked at
     * again now and then, and made due at once when the address is verified.
     */
    held: boolean('held').notNull().default(false),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('mail_outbox_held_idx')
      .on(table.recipient)
      .where(sql`${table.held}`),
  ],
);

/** A stored part as an import overwrote it: its columns before, the stock it moved, its bikes before. */
export interface ImportUndoChange {
  /** The part's row before the step (database column names), `available_quantity` left out. */
  before: Record<string, unknown>;
  /** What the step added to its stock (a sale meanwhile stays sold when this is taken back). */
  stockChange: number;
  /** The vehicles it fitted before, when the step changed them. */
  vehicleIds: string[] | null;
}

/**
 * What a catalogue import written in steps did, a step a row, until it ends
 * (server/catalogue-csv/writer.ts, decision 0037). An import that fails part-way, or whose process
 * stops, is undone from these rows, the newest step first; one that ends deletes them.
 */
export const catalogueImportUndo = pgTable(
  'catalogue_import_undo',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid('import_id').notNull(),
    addedParts: uuid('added_parts')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    addedVehicles: uuid('added_vehicles')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    changedParts: jsonb('changed_parts').$type<ImportUndoChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalogue_import_undo_import_idx').on(table.importId)],
);

/** A transaction id as PostgreSQL 13+ keeps it, 64 bits that never wrap (read as text). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * What changed in the catalogue, for the index each store process keeps (decision 0039): one row per
 * part or bike a transaction wrote, written by the tables' own triggers (migration 0019) so that no
 * writer, SQL by hand included, is missed. `xid` is the writing transaction's, which is how a refresh
 * finds the rows of a transaction that committed late. Rows are pruned after an hour.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    productId: uuid('product_id'),
    vehicleId: uuid('vehicle_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('catalogue_changes_xid_idx').on(table.xid),
    index('catalogue_changes_created_at_idx').on(table.createdAt),
  ],
);
