import type { Context } from 'hono';
import { Hono } from 'hono';
import type { CatalogueChanges, StockAnswer } from '@/shared/catalogue';
import { catalogueChangesQuerySchema, productListQuerySchema, productPageQuerySchema, stockQuerySchema } from '@/shared/schemas/products';
import type { DataAnswer, Product } from '@/shared/types';
import { acceptsEncoding } from '../http/compression';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/validate';
import type { CachedBody, CatalogueCache } from '../services/catalogue-cache';
import { cachedWholeCatalogue, catalogueChangesSince, parseCatalogueVersion } from '../services/catalogue-changes';
import { cachedProductPage, cachedProducts, getProduct, stockLevels } from '../services/products';

/** A cached answer as it was built (and gzipped) once for many shoppers, revalidated by ETag. */
function sendCached(c: Context<AppEnv>, { body, gzip, etag }: CachedBody): Response {
  const headers = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const type = { 'Content-Type': 'application/json; charset=utf-8' };
  if (acceptsEncoding(c.req.header('accept-encoding'), 'gzip')) return c.body(gzip, 200, { ...headers, ...type, 'Content-Encoding': 'gzip' });
  return c.body(body, 200, { ...headers, ...type });
}

export function productRoutes(deps: AppDeps, catalogue: CatalogueCache) {
  const search = deps.config.productSearch;
  return (
    new Hono<AppEnv>()
      .get('/getProducts', async (c) => sendCached(c, await cachedProducts(deps.db, catalogue, readQuery(c, productListQuerySchema), search)))
      .get('/getSingleProductById/:id', async (c) => c.json({ data: await getProduct(deps.db, c.req.param('id')) } satisfies DataAnswer<Product>))
      // Issue 30: the catalogue at thousands of products (src/shared/catalogue.ts).
      .get('/products', async (c) => sendCached(c, await cachedProductPage(deps.db, catalogue, readQuery(c, productPageQuerySchema), search)))
      .get('/stock', async (c) => {
        const { ids } = readQuery(c, stockQuerySchema);
        // Moves with every order: the phone asks each time, and no copy along the way keeps it.
        return c.json((await stockLevels(deps.db, ids)) satisfies StockAnswer, 200, { 'Cache-Control': 'no-cache' });
      })
      .get('/catalogueChanges', async (c) => {
        const { since } = readQuery(c, catalogueChangesQuerySchema);
        if (since) {
          const changes = await catalogueChangesSince(deps.db, parseCatalogueVersion(since));
          // A few kilobytes: compressed on the way out like any answer (app.ts).
          if (changes !== 'full') return c.json(changes satisfies CatalogueChanges);
        }
        return sendCached(c, await cachedWholeCatalogue(deps.db, catalogue));
      })
  );
}
