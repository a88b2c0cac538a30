import { expect } from 'vitest';
import type { RequestOptions, TestApi } from './api';

/**
 * Every admin call refuses a guest with 401 and a customer with 403, and changes nothing: callers
 * pass `snapshot` to compare the database before and after.
 */
export async function expectAdminOnly(
  api: TestApi,
  method: string,
  url: string,
  options: Omit<RequestOptions, 'token'> = {},
  snapshot?: () => Promise<unknown>,
): Promise<void> {
  const customer = await api.createUser({ role: 'customer' });
  const before = snapshot ? await snapshot() : undefined;
  const guest = await api.json(method, url, options);
  expect(guest.status, `${method} ${url} as a guest`).toBe(401);
  expect(typeof guest.body.message).toBe('string');
  const refused = await api.json(method, url, { ...options, token: customer.token });
  expect(refused.status, `${method} ${url} as a customer`).toBe(403);
  expect(refused.body).toEqual({ message: 'You do not have permission to do that.' });
  if (snapshot) expect(await snapshot()).toEqual(before);
}
