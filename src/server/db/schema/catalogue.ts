import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, partOf, rowId } from './columns';

export const products = pgTable(
  'products',
  {
    id: rowId(),
    name: text('name').notNull(),
    /**
     * The product's address (/product/{slug}): its name in lower-case ASCII words joined by '-', a number
     * added on a clash. Made by the trigger `products_slug` (migration product_slugs) from the name when
     * a row comes in with '' and again when the name changes; the addresses it had stay in product_slug_history.
     */
    slug: text('slug').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category', { enum: ['Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others'] }).notNull(),
    pricePesewas: integer('price_pesewas').notNull(),
    stock: integer('stock').notNull().default(100),
    /** Content-hash keys of the stored images, in display order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    newArrival: boolean('new_arrival').notNull().default(false),
    rating: real('rating'),
    ratingCount: integer('rating_count').notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    /** The most one order may take of this product (below the shop-wide 100); null: no limit of its own. */
    maxPerOrder: integer('max_per_order'),
    /** Seeded by the demo: go-live removes exactly these rows. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Change tracking for the phones' catalogue sync (services/catalogue/catalogue-changes.ts): the id (xid8, as
     * bigint) of the transaction that last changed the product's data, and its stock or units sold.
     * Set only by the trigger `products_track_versions` (migration catalogue_tracking); never written by the app.
     * Not indexed on purpose: every order moves stock_version, and an index on it would make each
     * order's update of the product rewrite every index (no HOT update); the scan of 5,000 rows takes 2 to 3 ms.
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
    stockVersion: bigint('stock_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.pricePesewas} >= 0`),
    check('products_units_sold_check', sql`${t.unitsSold} >= 0`),
    check('products_max_per_order_check', sql`${t.maxPerOrder} is null or ${t.maxPerOrder} between 1 and 100`),
    check('products_rating_check', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check('products_category_check', sql`${t.category} in ('Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others')`),
    index('products_category_idx').on(t.category),
    index('products_created_idx').on(t.createdAt),
    unique('products_slug_key').on(t.slug),
  ],
);

/**
 * The addresses a product had before a rename: /product/{old slug} answers 301 to its address now.
 * Written only by the trigger `products_slug`; an old slug is never given to another product.
 */
export const productSlugHistory = pgTable('product_slug_history', {
  slug: text('slug').primaryKey(),
  productId: partOf('product_id', () => products.id),
});

/**
 * Products deleted, with the id (xid8 as bigint) of the deleting transaction: a phone's catalogue
 * sync learns what to drop. Written only by the trigger `products_record_deletion`.
 */
export const productTombstones = pgTable('product_tombstones', {
  productId: uuid('product_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The catalogue's epoch: a random number, new whenever products were emptied without tombstones
 * (a TRUNCATE: a restore, `seed --reset`). A phone's version carries the epoch it was read in, and
 * one from another epoch gets the whole catalogue. One row; its triggers (migration
 * catalogue_tracking) draw the number on every insert and drop the row before, so rows a restore
 * loads from a backup get a fresh epoch too.
 */
export const catalogueEpoch = pgTable('catalogue_epoch', {
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: rowId(),
    userId: partOf('user_id', () => users.id),
    productId: partOf('product_id', () => products.id),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('cart_items_user_product_key').on(t.userId, t.productId), check('cart_items_quantity_check', sql`${t.quantity} > 0`)],
);
