import { Hono } from 'hono';
import { productListQuerySchema } from '@/shared/schemas/products';
import type { DataAnswer, Product } from '@/shared/types';
import { acceptsEncoding } from '../http/compression';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/validate';
import type { CatalogueCache } from '../services/catalogue-cache';
import { cachedProducts, getProduct } from '../services/products';

export function productRoutes(deps: AppDeps, catalogue: CatalogueCache) {
  return new Hono<AppEnv>()
    .get('/getProducts', async (c) => {
      const query = readQuery(c, productListQuerySchema);
      // Built (and gzipped) once per distinct query for many shoppers, and revalidated by ETag.
      const { body, gzip, etag } = await cachedProducts(deps.db, catalogue, query);
      const headers = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const type = { 'Content-Type': 'application/json; charset=utf-8' };
      if (acceptsEncoding(c.req.header('accept-encoding'), 'gzip')) return c.body(gzip, 200, { ...headers, ...type, 'Content-Encoding': 'gzip' });
      return c.body(body, 200, { ...headers, ...type });
    })
    .get('/getSingleProductById/:id', async (c) => c.json({ data: await getProduct(deps.db, c.req.param('id')) } satisfies DataAnswer<Product>));
}
