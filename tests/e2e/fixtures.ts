import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import type { Product } from '../../src/shared/types';

export interface Account {
  fullName: string;
  email: string;
  password: string;
}

let accounts = 0;

/** A new customer account made through the API (each test gets its own). */
export async function createAccount(request: APIRequestContext, name = 'Abena Mensah'): Promise<Account> {
  accounts += 1;
  const account = { fullName: name, email: `shopper-${Date.now()}-${process.pid}-${accounts}@example.com`, password: 'shea-butter-2026' };
  const res = await request.post('/api/addUser', { data: { ...account, confirmPassword: account.password } });
  expect(res.status()).toBe(201);
  return account;
}

/** Signs in through the real form. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/signin');
  const form = page.getByRole('main');
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome back, ${account.fullName}!`)).toBeVisible();
}

/** The demo catalogue as the API serves it. */
export async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/getProducts');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Product[] }).data;
}

export const test = base.extend<{ account: Account }>({
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
});

export { expect };
