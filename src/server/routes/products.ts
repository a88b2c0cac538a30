import { Hono } from 'hono';
import { productListQuerySchema } from '../../shared/schemas/products';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/validate';
import { getProduct, listProducts } from '../services/products';

export function productRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/getProducts', async (c) => c.json(await listProducts(deps.db, readQuery(c, productListQuerySchema))))
    .get('/getSingleProductById/:id', async (c) => c.json({ data: await getProduct(deps.db, c.req.param('id')) }));
}
