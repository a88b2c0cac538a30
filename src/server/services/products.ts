import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { PRODUCT_IMAGE_URL_WIDTH } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { toCedis } from '@/shared/money';
import { isId } from '@/shared/schemas/fields';
import type { ProductListQuery } from '@/shared/schemas/products';
import type { Listed, Product } from '@/shared/types';
import type { Db } from '../db/client';
import { likePattern } from '../db/like';
import { countRows, pageOf, requestedPage } from '../db/paging';
import { products } from '../db/schema';
import { notFound } from '../errors';
import type { CachedBody, CatalogueCache } from './catalogue-cache';
import { storedFileUrl } from './image-urls';

type ProductRow = typeof products.$inferSelect;

export function imageUrl(key: string, width: number = PRODUCT_IMAGE_URL_WIDTH): string {
  return storedFileUrl(`${key}-${width}.webp`);
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
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
};

/** GET /getProducts' answer; the route sends it as cachedProducts keeps it, serialized. */
export async function listProducts(db: Db, query: ProductListQuery): Promise<Listed<'data', Product>> {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.category, pattern));
    if (match) filters.push(match);
  }
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
 * reads, as it reads it, so unknown parameters, their order, the search's case (ILIKE; ASCII
 * letters only, where every database collation agrees) and a spelled-out default share an entry.
 */
export function catalogueCacheKey(query: ProductListQuery): string {
  const { category, q, sort, page, limit, ...rest } = query;
  // A parameter added to the schema must join the key, or two different answers would share an entry.
  const unkeyed: Record<string, never> = rest;
  void unkeyed;
  const asked = requestedPage({ page, limit });
  return JSON.stringify([
    category ?? '',
    q ? q.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : '',
    sort ?? 'newest',
    asked?.page ?? 0,
    asked?.limit ?? 0,
  ]);
}

/** The whole catalogue (GET /api/getProducts without parameters), from the same cache. */
export function cachedCatalogue(db: Db, cache: CatalogueCache): Promise<CachedBody> {
  return cachedProducts(db, cache, {});
}

/** GET /api/getProducts' answer, built once for many shoppers per distinct query (services/catalogue-cache.ts). */
export function cachedProducts(db: Db, cache: CatalogueCache, query: ProductListQuery = {}): Promise<CachedBody> {
  return cache.get(catalogueCacheKey(query), async () => JSON.stringify(await listProducts(db, query)));
}

/**
 * The whole catalogue as objects, parsed once per build of its cached answer (the server's pages and
 * image hints read it; GET /api/getProducts sends the text).
 */
export function catalogueReader(db: Db, cache: CatalogueCache): () => Promise<{ etag: string; products: Product[] }> {
  let parsed: { etag: string; products: Product[] } | undefined;
  return async () => {
    const { body, etag } = await cachedCatalogue(db, cache);
    if (parsed?.etag !== etag) parsed = { etag, products: (JSON.parse(new TextDecoder().decode(body)) as Listed<'data', Product>).data };
    return parsed;
  };
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  if (!isId(id)) throw notFound(MESSAGES.productNotFound);
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound(MESSAGES.productNotFound);
  return toProduct(row);
}
