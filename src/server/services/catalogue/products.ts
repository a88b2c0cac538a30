import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { PRODUCT_PAGE_SIZE, type ProductPageAnswer, type ProductPageSort, type StockAnswer } from '@/shared/catalogue';
import { PRODUCT_IMAGE_URL_WIDTH, type ProductSort } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { toCedis } from '@/shared/money';
import { DEFAULT_SORT } from '@/shared/product-sort';
import { isId } from '@/shared/schemas/fields';
import type { ProductListQuery, ProductPageQuery } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Listed, Product } from '@/shared/types';
import type { Db } from '../../db/client';
import { countRows, pageOf, requestedPage } from '../../db/paging';
import { productSlugHistory, products } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { CachedBody, CatalogueCache, Holding } from './catalogue-cache';
import { storedFileUrl } from './image-urls';
import { productSearch, type SearchEngine, type SearchMatch } from './product-search';

type ProductRow = typeof products.$inferSelect;

export function imageUrl(key: string, width: number = PRODUCT_IMAGE_URL_WIDTH): string {
  return storedFileUrl(`${key}-${width}.webp`);
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    price: toCedis(row.pricePesewas),
    stock: row.stock,
    productImageUrls: row.images.map((key) => imageUrl(key)),
    createdAt: row.createdAt.toISOString(),
    newArrival: row.newArrival,
    rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
    ratingCount: row.ratingCount,
    unitsSold: row.unitsSold,
    maxPerOrder: row.maxPerOrder,
  };
}

const ORDERINGS: Record<NonNullable<ProductListQuery['sort']>, SQL[]> = {
  popularity: [desc(products.unitsSold), asc(products.name)],
  'price-asc': [asc(products.pricePesewas), asc(products.name)],
  'price-desc': [desc(products.pricePesewas), asc(products.name)],
  newest: [desc(products.createdAt), asc(products.name)],
  rating: [sql`${products.rating} desc nulls last`, desc(products.ratingCount), asc(products.name)],
  name: [asc(products.name), asc(products.id)],
  'stock-asc': [asc(products.stock), asc(products.name)],
};

/** The products of a list, and whether the list's choice or order follows stock (for the catalogue cache). */
function holdingOf(items: readonly Product[], sort: string): Holding {
  return { ids: items.map((p) => p._id), byStock: sort === 'popularity' || sort === 'stock-asc' };
}

/** GET /getProducts' answer; the route sends it as cachedProducts keeps it, serialized. */
export async function listProducts(db: Db, query: ProductListQuery, search?: SearchEngine): Promise<Listed<'data', Product>> {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  // The same matcher as the paged listing (services/catalogue/product-search.ts), so both find the same products.
  if (query.q) filters.push((await productSearch(db, query.q, search)).where);
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = ORDERINGS[query.sort ?? 'newest'];
  const rowsQuery = db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderBy);
  const { items, ...meta } = await pageOf(
    query,
    (window) => (window ? rowsQuery.limit(window.limit).offset(window.offset) : rowsQuery),
    () => countRows(db, products, where),
  );
  return { data: items.map(toProduct), ...meta };
}

/**
 * The catalogue cache's key for a parsed `?category&q&sort&page&limit`: only what listProducts
 * reads, as it reads it, so unknown parameters, their order, the search's case (ILIKE and pg_trgm
 * ignore it; ASCII letters only, where every database collation agrees) and a spelled-out default share an entry.
 */
export function catalogueCacheKey(query: ProductListQuery): string {
  const { category, q, sort, page, limit, ...rest } = query;
  // A parameter added to the schema must join the key, or two different answers would share an entry.
  const unkeyed: Record<string, never> = rest;
  void unkeyed;
  const asked = requestedPage({ page, limit });
  return JSON.stringify([category ?? '', q ? lowerAscii(q) : '', sort ?? 'newest', asked?.page ?? 0, asked?.limit ?? 0]);
}

const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** GET /api/getProducts' answer, built once for many shoppers per distinct query (services/catalogue/catalogue-cache.ts). */
export function cachedProducts(db: Db, cache: CatalogueCache, query: ProductListQuery = {}, search?: SearchEngine): Promise<CachedBody> {
  return cache.get(catalogueCacheKey(query), async () => {
    const answer = await listProducts(db, query, search);
    const whole = !query.category && !query.q && !requestedPage(query);
    return { text: JSON.stringify(answer), holding: whole ? 'all' : holdingOf(answer.data, query.sort ?? 'newest') };
  });
}

// ---------------------------------------------------------------------------------------------
// GET /products: the paged listing (keyset paging on the sort's columns and the id).

type KeyKind = 'int' | 'float' | 'text' | 'time' | 'uuid';

/** One column of a listing's order. Every order ends with the id, so no two products tie and a walk never repeats or skips one. */
interface SortKey {
  expr: SQL;
  kind: KeyKind;
  descending: boolean;
}

const sortKey = (expr: SQL, kind: KeyKind, descending = false): SortKey => ({ expr, kind, descending });
const BY_NAME = sortKey(sql`${products.name}`, 'text');
const BY_ID = sortKey(sql`${products.id}`, 'uuid');

/** The shop's sorts, as the storefront shows them (shared/product-sort.ts), the id last. */
const PAGE_ORDERS: Record<ProductSort, SortKey[]> = {
  popularity: [sortKey(sql`${products.unitsSold}`, 'int', true), BY_NAME, BY_ID],
  'price-asc': [sortKey(sql`${products.pricePesewas}`, 'int'), BY_NAME, BY_ID],
  'price-desc': [sortKey(sql`${products.pricePesewas}`, 'int', true), BY_NAME, BY_ID],
  newest: [sortKey(sql`${products.createdAt}`, 'time', true), BY_NAME, BY_ID],
  // Unrated last (ratings are 0 to 5); float8, so the value round-trips through the cursor exactly.
  rating: [sortKey(sql`coalesce(${products.rating}, -1)::float8`, 'float', true), sortKey(sql`${products.ratingCount}`, 'int', true), BY_NAME, BY_ID],
};

/** Best match first: name hits, then the score, then the name. */
const relevanceOrder = (match: SearchMatch): SortKey[] => [sortKey(match.nameHit, 'int', true), sortKey(match.score, 'float', true), BY_NAME, BY_ID];

/** The page's order: the one asked for, else best match for a search and the shop's default otherwise. */
export function pageSort(query: Pick<ProductPageQuery, 'q' | 'sort'>): ProductPageSort {
  return query.sort ?? (query.q ? 'relevance' : DEFAULT_SORT);
}

/** A key's value as the cursor carries it: timestamps to the microsecond in UTC, so they compare exactly. */
function keyOutput(key: SortKey): SQL {
  if (key.kind === 'time') return sql`to_char(${key.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (key.kind === 'uuid') return sql`${key.expr}::text`;
  return key.expr;
}

const CURSOR_VALUE: Record<KeyKind, (value: unknown) => boolean> = {
  int: (value) => Number.isSafeInteger(value) && Math.abs(value as number) < 2 ** 31,
  float: (value) => typeof value === 'number' && Number.isFinite(value),
  text: (value) => typeof value === 'string' && value.length <= 1000 && !value.includes('\u0000'),
  time: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value)) return false;
    const ms = Date.parse(value);
    // 2026-02-30 and the year 0 parse in JavaScript, not in PostgreSQL: only a date that is its own reading, from year 1, passes.
    return Number.isFinite(ms) && !value.startsWith('0000') && new Date(ms).toISOString().slice(0, 19) === value.slice(0, 19);
  },
  uuid: isId,
};

const CAST: Record<KeyKind, (value: unknown) => SQL> = {
  int: (value) => sql`${value}::int`,
  float: (value) => sql`${value}::float8`,
  text: (value) => sql`${value}::text`,
  time: (value) => sql`${value}::timestamptz`,
  uuid: (value) => sql`${value}::uuid`,
};

const movedOn = () => badRequest(SERVER_MESSAGES.listMovedOn);

/** The opaque cursor: the sort's name and the last product's key values, as base64url JSON. */
function encodeCursor(sort: ProductPageSort, values: unknown[]): string {
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

/** The key values a cursor carries, checked against the sort's keys; anything else is a 400. */
function decodeCursor(cursor: string, sort: ProductPageSort, keys: SortKey[]): unknown[] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw movedOn();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw movedOn();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || parsed.length !== keys.length + 1) throw movedOn();
  const values = parsed.slice(1);
  if (!keys.every((key, index) => CURSOR_VALUE[key.kind](values[index]))) throw movedOn();
  return values;
}

/** Rows after the cursor's product in this order: (k1 after v1) or (k1 = v1 and (k2 after v2 or ...)). */
function afterCursor(keys: SortKey[], values: unknown[]): SQL {
  let condition: SQL | undefined;
  for (let index = keys.length - 1; index >= 0; index--) {
    const key = keys[index] as SortKey;
    const value = CAST[key.kind](values[index]);
    const after = key.descending ? sql`${key.expr} < ${value}` : sql`${key.expr} > ${value}`;
    condition = condition ? sql`(${after} or (${key.expr} = ${value} and ${condition}))` : after;
  }
  return condition ?? sql`true`;
}

/**
 * GET /products: one page of the listing, `total` the whole query's count. Searches use the same
 * matcher as GET /getProducts; `relevance` needs a search. Walking the pages of an unchanged
 * catalogue gives each matching product once, in order: the order is total (the id last) and each
 * page starts strictly after the previous page's last product.
 */
export async function productPage(db: Db, query: ProductPageQuery, search?: SearchEngine): Promise<ProductPageAnswer> {
  const sort = pageSort(query);
  if (sort === 'relevance' && !query.q) throw badRequest(SERVER_MESSAGES.relevanceNeedsSearch);
  const match = query.q ? await productSearch(db, query.q, search) : undefined;
  const keys = sort === 'relevance' && match ? relevanceOrder(match) : PAGE_ORDERS[sort as ProductSort];
  const values = query.cursor ? decodeCursor(query.cursor, sort, keys) : undefined;
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;

  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  if (match) filters.push(match.where);
  const where = filters.length ? and(...filters) : undefined;
  const keyColumns = Object.fromEntries(keys.map((key, index) => [`key${index}`, keyOutput(key)]));
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(products), ...keyColumns })
      .from(products)
      .where(values ? and(where, afterCursor(keys, values)) : where)
      .orderBy(...keys.map((key) => (key.descending ? sql`${key.expr} desc` : sql`${key.expr} asc`)))
      .limit(limit + 1),
    countRows(db, products, where),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1) as Record<string, unknown> | undefined;
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(
          sort,
          keys.map((_, index) => last[`key${index}`]),
        )
      : null;
  return { data: shown.map((row) => toProduct(row)), nextCursor, total };
}

/** The catalogue cache's key for a page: what productPage reads, the sort resolved, the search's ASCII case folded. */
export function productPageKey(query: ProductPageQuery): string {
  const { category, q, sort, cursor, limit, ...rest } = query;
  const unkeyed: Record<string, never> = rest;
  void unkeyed;
  return JSON.stringify(['page', category ?? '', q ? lowerAscii(q) : '', pageSort({ q, sort }), cursor ?? '', limit ?? PRODUCT_PAGE_SIZE]);
}

/** GET /api/products' answer from the catalogue cache, dropped when one of its products' stock moves. */
export function cachedProductPage(db: Db, cache: CatalogueCache, query: ProductPageQuery, search?: SearchEngine): Promise<CachedBody> {
  return cache.get(productPageKey(query), async () => {
    const answer = await productPage(db, query, search);
    return { text: JSON.stringify(answer), holding: holdingOf(answer.data, pageSort(query)) };
  });
}

/**
 * One product by id or address (getProduct) from the catalogue cache (server-rendered pages and
 * their image hints); a missing one is a 404, never kept.
 */
export async function cachedProduct(db: Db, cache: CatalogueCache, key: string): Promise<Product> {
  const { body } = await cache.get(`product ${key}`, async () => {
    const product = await getProduct(db, key);
    // The stored id (an address may spell it in capitals): the one a stock change names.
    return { text: JSON.stringify(product), holding: { ids: [product._id] } };
  });
  return JSON.parse(new TextDecoder().decode(body)) as Product;
}

/** GET /stock: the stock and units sold of the products that exist, in the order asked (one indexed lookup). */
export async function stockLevels(db: Db, ids: readonly string[]): Promise<StockAnswer> {
  if (ids.length === 0) return { data: [] };
  const rows = await db
    .select({ _id: products.id, stock: products.stock, unitsSold: products.unitsSold })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row._id, row]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * A product by its id, its address (slug) or an address it had before a rename: GET
 * /getSingleProductById/{id or slug}, and the product pages (which answer an id or an old address
 * with a 301 to the address now).
 */
export async function getProduct(db: Db, key: string): Promise<Product> {
  const row = isId(key) ? await productWhere(db, eq(products.id, key)) : await productBySlug(db, key);
  if (!row) throw notFound(MESSAGES.productNotFound);
  return toProduct(row);
}

async function productWhere(db: Db, where: SQL): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(where);
  return row;
}

/** What the database's slug maker can make (migration product_slugs): anything else is no product's address. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slugs are lower-case ASCII: an address typed in capitals finds the product too (and its page moves to the real one). */
async function productBySlug(db: Db, key: string): Promise<ProductRow | undefined> {
  const slug = lowerAscii(key);
  if (!SLUG.test(slug)) return undefined;
  const current = await productWhere(db, eq(products.slug, slug));
  if (current) return current;
  const [old] = await db.select({ productId: productSlugHistory.productId }).from(productSlugHistory).where(eq(productSlugHistory.slug, slug));
  return old ? productWhere(db, eq(products.id, old.productId)) : undefined;
}
