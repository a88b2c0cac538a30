import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, users } from '@/server/db/schema';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

const api = setupTestApi();

const rows = async (table: typeof orders | typeof users) => (await api.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('control characters in names and addresses', () => {
  it('refuse a guest order with 400 and store nothing', async () => {
    const shea = await api.createProduct({ stock: 5 });
    for (const form of [{ fullName: 'Akosua\u001b[2J Owusu' }, { address: '12 Oxford Street\u0085Osu' }, { city: 'Accra\u0007' }]) {
      const { status, body } = await guestOrder(api, [{ productId: shea.id, quantity: 2 }], { form });
      expect(status, JSON.stringify(form)).toBe(400);
      expect(body.errors).toEqual([{ path: Object.keys(form), message: PAGE_MESSAGES.unusualCharacters }]);
    }
    expect(await rows(orders)).toBe(0);
    const [product] = await api.db.select({ stock: products.stock }).from(products);
    expect(product?.stock).toBe(5);
    // The same order without them is placed.
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 2 }])).status).toBe(201);
  });

  it('refuse a sign-up with 400 and store no account', async () => {
    const { status, body } = await api.json('POST', '/api/addUser', {
      body: { fullName: 'Kofi\u0008Mensah', email: 'kofi@example.com', password: 'correct horse', confirmPassword: 'correct horse' },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: ['fullName'], message: PAGE_MESSAGES.unusualCharacters }]);
    expect(await rows(users)).toBe(0);
  });
});
