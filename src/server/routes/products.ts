import type { Context, TypedResponse } from 'hono';
import { Hono } from 'hono';
import type { CatalogueChanges, ProductPageAnswer, StockAnswer } from '@/shared/catalogue';
import { catalogueChangesQuerySchema, productListQuerySchema, productPageQuerySchema, stockQuerySchema } from '@/shared/schemas/products';
import type { DataAnswer, Listed, Product } from '@/shared/types';
import { acceptsEncoding } from '../http/compression';
import type { AppEnv, RouteDeps } from '../http/env';
import { queryOf } from '../http/validate';
import type { CachedBody } from '../services/catalogue/catalogue-cache';
import { cachedWholeCatalogue, catalogueChangesSince, parseCatalogueVersion } from '../services/catalogue/catalogue-changes';
import { cachedProductPage, cachedProducts, getProduct, stockLevels } from '../services/catalogue/products';

/** The JSON of `T`, sent as bytes: what the typed client reads from a cached answer. */
type CachedJson<T> = Response & TypedResponse<T, 200, 'json'>;

/**
 * A cached answer as it was built (and gzipped) once for many shoppers, revalidated by ETag. The
 * cache holds bytes, so the route names the answer they encode (`T`, what the service built).
 */
function sendCached<T>(c: Context<AppEnv>, { body, gzip, etag }: CachedBody): CachedJson<T> {
  const headers = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
  const type = { 'Content-Type': 'application/json; charset=utf-8' };
  const answer: Response =
    c.req.header('if-none-match') === etag
      ? c.body(null, 304, headers)
      : acceptsEncoding(c.req.header('accept-encoding'), 'gzip')
        ? c.body(gzip, 200, { ...headers, ...type, 'Content-Encoding': 'gzip' })
        : c.body(body, 200, { ...headers, ...type });
  // A 304 reaches only a client that sent the ETag and kept the body it names (the browser's cache).
  return answer as CachedJson<T>;
}

export function productRoutes(deps: RouteDeps) {
  const search = deps.config.productSearch;
  return (
    new Hono<AppEnv>()
      .get('/getProducts', queryOf(productListQuerySchema), async (c) =>
        sendCached<Listed<'data', Product>>(c, await cachedProducts(deps.db, deps.catalogue, c.req.valid('query'), search)),
      )
      .get('/getSingleProductById/:id', async (c) => c.json({ data: await getProduct(deps.db, c.req.param('id')) } satisfies DataAnswer<Product>))
      // The catalogue at thousands of products (src/shared/catalogue.ts).
      .get('/products', queryOf(productPageQuerySchema), async (c) =>
        sendCached<ProductPageAnswer>(c, await cachedProductPage(deps.db, deps.catalogue, c.req.valid('query'), search)),
      )
      .get('/stock', queryOf(stockQuerySchema), async (c) => {
        const { ids } = c.req.valid('query');
        // Moves with every order: the phone asks each time, and no copy along the way keeps it.
        return c.json((await stockLevels(deps.db, ids)) satisfies StockAnswer, 200, { 'Cache-Control': 'no-cache' });
      })
      .get('/catalogueChanges', queryOf(catalogueChangesQuerySchema), async (c) => {
        const { since } = c.req.valid('query');
        if (since) {
          const changes = await catalogueChangesSince(deps.db, parseCatalogueVersion(since));
          // A few kilobytes: compressed on the way out like any answer (app.ts).
          if (changes !== 'full') return c.json(changes satisfies CatalogueChanges);
        }
        return sendCached<CatalogueChanges>(c, await cachedWholeCatalogue(deps.db, deps.catalogue));
      })
  );
}
