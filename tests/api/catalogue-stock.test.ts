import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_STOCK_IDS } from '@/shared/catalogue';
import type { Product } from '@/shared/types';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

/**
 * Stock served apart from product data (GET /api/stock), and a busy sale day that does not rebuild
 * the catalogue: with answers kept for a minute, an order drops only the answers showing its products.
 */
const api = setupTestApi({ catalogueCacheMs: 60_000 });

const names = (list: Product[]) => list.map((p) => p.name);

async function listing(query: string): Promise<Product[]> {
  const { status, body } = await api.json('GET', `/api/products?${query}`);
  expect(status).toBe(200);
  return body.data;
}

describe('GET /api/stock', () => {
  it('answers the stock and units sold of the products that exist, in the order asked, never from a cache', async () => {
    const shea = await api.createProduct({ stock: 5 });
    const soap = await api.createProduct({ stock: 0, unitsSold: 3 });
    const { status, body, res } = await api.json('GET', `/api/stock?ids=${shea.id},${randomUUID()},${soap.id},${shea.id}`);
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(body).toEqual({
      data: [
        { _id: shea.id, stock: 5, unitsSold: 0 },
        { _id: soap.id, stock: 0, unitsSold: 3 },
      ],
    });
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 2 }])).status).toBe(201);
    expect((await api.json('GET', `/api/stock?ids=${shea.id}`)).body.data).toEqual([{ _id: shea.id, stock: 3, unitsSold: 2 }]);
  });

  it('refuses no ids, an id that is not one, and more than 100, with 400', async () => {
    const many = (n: number) => Array.from({ length: n }, () => randomUUID()).join(',');
    for (const query of ['', '?ids=', '?ids=,,', '?ids=not-an-id', `?ids=${randomUUID()},x`, `?ids=${many(MAX_STOCK_IDS + 1)}`]) {
      const { status, body } = await api.json('GET', `/api/stock${query}`);
      expect(status, query).toBe(400);
      expect(body.message).toMatch(/ids=a,b,c/);
    }
    expect((await api.json('GET', `/api/stock?ids=${many(MAX_STOCK_IDS)}`)).body).toEqual({ data: [] });
  });
});

describe('a stock change keeps the catalogue answers that do not show its products', () => {
  it('rebuilds the pages showing the ordered product, not an unrelated category page; a product edit rebuilds all', async () => {
    await api.createProduct({ name: 'Baobab Oil', category: 'Natural Oils', price: 60, stock: 10 });
    const soap = await api.createProduct({ name: 'Black Soap', category: 'Cleansers', price: 20, stock: 10 });
    const admin = await api.createUser({ role: 'admin' });
    expect(names(await listing('category=natural-oils&sort=price-asc'))).toEqual(['Baobab Oil']);
    expect(names(await listing('category=cleansers&sort=price-asc'))).toEqual(['Black Soap']);
    expect(names(await listing('q=oil&sort=price-asc'))).toEqual(['Baobab Oil']);

    // Written past the signal: an answer built again would show them.
    await api.createProduct({ name: 'Argan Oil', category: 'Natural Oils', price: 50 });
    await api.createProduct({ name: 'Alata Soap', category: 'Cleansers', price: 10 });

    expect((await guestOrder(api, [{ productId: soap.id, quantity: 1 }])).status).toBe(201);
    // Built again: it shows the soap, whose stock moved.
    const soaps = await listing('category=cleansers&sort=price-asc');
    expect(soaps.map((p) => [p.name, p.stock])).toEqual([
      ['Alata Soap', 20],
      ['Black Soap', 9],
    ]);
    // Kept: neither answer shows the soap.
    expect(names(await listing('category=natural-oils&sort=price-asc'))).toEqual(['Baobab Oil']);
    expect(names(await listing('q=oil&sort=price-asc'))).toEqual(['Baobab Oil']);
    // The whole catalogue shows every product: built again.
    expect(names((await api.json('GET', '/api/getProducts?sort=price-asc')).body.data)).toEqual(['Alata Soap', 'Black Soap', 'Argan Oil', 'Baobab Oil']);

    // An admin's restock changes only stock: the same.
    const form = new FormData();
    form.set('stock', '40');
    expect((await api.request('PATCH', `/api/updateProductInfo/${soap.id}`, { token: admin.token, form })).status).toBe(200);
    expect(names(await listing('category=natural-oils&sort=price-asc'))).toEqual(['Baobab Oil']);
    expect((await listing('category=cleansers&sort=price-asc')).find((p) => p._id === soap.id)?.stock).toBe(40);

    // A product's data changed: every answer goes.
    const rename = new FormData();
    rename.set('name', 'Black Soap Bar');
    expect((await api.request('PATCH', `/api/updateProductInfo/${soap.id}`, { token: admin.token, form: rename })).status).toBe(200);
    expect(names(await listing('category=natural-oils&sort=price-asc'))).toEqual(['Argan Oil', 'Baobab Oil']);
    expect(names(await listing('q=oil&sort=price-asc'))).toEqual(['Argan Oil', 'Baobab Oil']);
  });
});
