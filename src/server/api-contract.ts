/**
 * The API's contract for the typed client (src/client/lib/api-client.ts): one type per route group,
 * each a Hono app type that keeps the group's endpoints (inputs and answers) and nothing of the
 * server's context. `node scripts/gen-api-contract.mjs` compiles its declarations into
 * api-contract.gen.d.ts, which names only hono and src/shared types, so the browser's project reads
 * it without Node's. Nothing runs this file: `contractOf` exists only for its type.
 */
import type { Hono } from 'hono';
import type { BlankEnv, Schema } from 'hono/types';
import type { AppEnv, RouteDeps } from './http/env';
import { adminCustomerRoutes } from './routes/admin-customers';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminProductRoutes } from './routes/admin-products';
import { adminShopRoutes } from './routes/admin-shop';
import { authRoutes } from './routes/auth';
import { avatarRoutes } from './routes/avatars';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { outboxRoutes } from './routes/outbox';
import { paymentRoutes } from './routes/payments';
import { phoneCodeRoutes } from './routes/phone-codes';
import { productRoutes } from './routes/products';
import { setupRoutes } from './routes/setup';
import { shopRoutes } from './routes/shop';

declare function contractOf<S extends Schema>(routes: (deps: RouteDeps) => Hono<AppEnv, S, '/'>): Hono<BlankEnv, S, '/'>;

export const productsApi = contractOf(productRoutes);
export const authApi = contractOf(authRoutes);
export const avatarsApi = contractOf(avatarRoutes);
export const cartApi = contractOf(cartRoutes);
export const ordersApi = contractOf(orderRoutes);
export const phoneCodesApi = contractOf(phoneCodeRoutes);
export const paymentsApi = contractOf(paymentRoutes);
export const shopApi = contractOf(shopRoutes);
export const adminOrdersApi = contractOf(adminOrderRoutes);
export const adminDashboardApi = contractOf(adminDashboardRoutes);
export const adminCustomersApi = contractOf(adminCustomerRoutes);
export const adminProductsApi = contractOf(adminProductRoutes);
export const adminShopApi = contractOf(adminShopRoutes);
export const outboxApi = contractOf(outboxRoutes);
export const setupApi = contractOf(setupRoutes);
