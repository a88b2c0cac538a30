import { hashKey, MutationObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCustomersQuery } from '@/client/features/admin/customers/api/get-all-users';
import { adminCustomerQuery } from '@/client/features/admin/customers/api/get-user-by-id';
import { adminCustomersSearch } from '@/client/features/admin/customers/customers-search';
import { contactMessagesQuery } from '@/client/features/admin/messages/api/get-contact-messages';
import { clearOrderFlagMutation } from '@/client/features/admin/orders/api/clear-order-flag';
import { adminOrdersQuery } from '@/client/features/admin/orders/api/get-all-orders';
import { catalogueQuery } from '@/client/features/admin/orders/api/get-catalogue';
import { adminOrderQuery } from '@/client/features/admin/orders/api/get-order-by-id';
import { refundOrderMutation } from '@/client/features/admin/orders/api/refund-order';
import { updateOrderStatusMutation } from '@/client/features/admin/orders/api/update-order-status';
import { updatePaymentStatusMutation } from '@/client/features/admin/orders/api/update-payment-status';
import { adminOrdersSearch } from '@/client/features/admin/orders/orders-search';
import { adminSettingsQuery } from '@/client/features/admin/settings/api/get-settings';
import { ApiFailure, configureHttp } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { createShopQueryClient } from '@/client/lib/query-client';
import type { AdminCustomer, ContactMessage, CustomerProfile } from '@/shared/admin-types';
import type { AdminOrder } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { makeAdminCustomer, makeAdminOrder, makeProduct, SHOP_SETTINGS } from './fixtures';

/** A processing order with no lines (the cache, not the page, is under test here). */
const adminOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => makeAdminOrder({ orderStatus: 'Processing', items: [], ...overrides });

/** Akosua's account, with her one order. */
const customer = (overrides: Partial<AdminCustomer> = {}): AdminCustomer => makeAdminCustomer({ orderCount: 1, ...overrides });

const message: ContactMessage = {
  _id: 'm1',
  name: 'Efua Asante',
  email: 'efua@example.com',
  subject: 'Delivery to Kumasi',
  message: 'Do you deliver to Kumasi?',
  createdAt: '2026-11-22T21:05:00.000Z',
};

/** The query's function run once in a fresh cache: its answer, or what it threw. */
const fetched = <T,>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
  createShopQueryClient()
    .fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0])
    .then((data) => data as T)
    .catch((error: unknown) => error);

beforeEach(() => {
  configureHttp({ token: () => 'tok-admin', unauthorized: () => {} });
});

afterEach(() => {
  configureHttp({ token: () => null, unauthorized: () => {} });
  vi.restoreAllMocks();
});

describe('admin order queries', () => {
  it("the list is GET /api/getAllOrders with the search, filters and page (1 unless given), with the admin's token", async () => {
    const page = { orders: [adminOrder()], total: 11, page: 2, limit: 10 };
    const asked: string[] = [];
    const calls = mockApi({
      'GET getAllOrders': (_body, request) => {
        asked.push(new URL(request.url).search);
        return json(page);
      },
    });
    const query = adminOrdersQuery({ q: 'NK-7K', status: 'Pending', flag: 'any', page: 2 });
    expect(query.queryKey).toEqual(['admin', 'orders', 'list', { q: 'NK-7K', status: 'Pending', flag: 'any', page: 2 }]);
    expect(await fetched(query)).toEqual(page);
    expect(calls.map((c) => [c.key, c.authorization])).toEqual([['GET getAllOrders', 'Bearer tok-admin']]);
    expect(asked).toEqual(['?q=NK-7K&status=Pending&flag=any&page=2&limit=10']);
    // No search: page 1, nothing else.
    await fetched(adminOrdersQuery({}));
    expect(asked.at(-1)).toBe('?page=1&limit=10');
  });

  it('the loader (its search as the route reads it) and the page (the parsed address) ask for the same list', () => {
    const fromAddress = adminOrdersSearch({ status: 'Shipped', page: '1', extra: 'x' });
    const loaderDeps = { q: fromAddress.q, status: fromAddress.status, flag: fromAddress.flag, page: fromAddress.page };
    expect(hashKey(adminOrdersQuery(loaderDeps).queryKey)).toBe(hashKey(adminOrdersQuery({ status: 'Shipped', page: 1 }).queryKey));
    // Page 1 is page 1, however the address says it.
    expect(hashKey(adminOrdersQuery({}).queryKey)).toBe(hashKey(adminOrdersQuery({ page: 1 }).queryKey));
  });

  it("the list's failure is an ApiFailure: the server's message, or 'Failed to fetch orders' with no connection", async () => {
    mockApi({ 'GET getAllOrders': () => json({ message: 'You do not have permission to do that.' }, 403) });
    expect(await fetched(adminOrdersQuery({}))).toEqual(new ApiFailure('You do not have permission to do that.', 403));
    vi.restoreAllMocks();
    mockApi({});
    const failure = await fetched(adminOrdersQuery({}));
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toBe('Failed to fetch orders');
  });

  it('one order is GET /api/getOrderById/{id} under the orders key; a missing one is a 404', async () => {
    const order = adminOrder({ _id: 'o/1' });
    const calls = mockApi({
      'GET getOrderById/o%2F1': () => json({ order }),
      'GET getOrderById/gone': () => json({ message: 'Order Not Found' }, 404),
    });
    expect(adminOrderQuery('o/1').queryKey).toEqual(['admin', 'orders', 'detail', 'o/1']);
    expect(await fetched(adminOrderQuery('o/1'))).toEqual(order);
    expect(calls[0]!.authorization).toBe('Bearer tok-admin');
    expect(await fetched(adminOrderQuery('gone'))).toEqual(new ApiFailure('Order Not Found', 404));
  });
});

describe('admin customer, message and settings queries', () => {
  it('the customer list is GET /api/getAllUsers of customers only, with the search and page', async () => {
    const page = { users: [customer()], total: 1, page: 1, limit: 10 };
    const calls = mockApi({ 'GET getAllUsers': () => json(page) });
    const query = adminCustomersQuery(adminCustomersSearch({ q: ' ama ' }));
    expect(query.queryKey).toEqual(['admin', 'customers', 'list', { q: 'ama', page: 1 }]);
    expect(await fetched(query)).toEqual(page);
    expect(calls.map((c) => c.key)).toEqual(['GET getAllUsers']);
    expect(calls[0]!.authorization).toBe('Bearer tok-admin');
  });

  it("the customer list's failure says 'Failed to fetch customers' when the server gives no reason", async () => {
    mockApi({ 'GET getAllUsers': () => json({}, 403) });
    expect(await fetched(adminCustomersQuery({}))).toEqual(new ApiFailure('Failed to fetch customers', 403));
  });

  it("one customer's profile is GET /api/getUserById/{id}; a missing one is 'User not found' (404)", async () => {
    const profile: CustomerProfile = { user: customer(), orders: [adminOrder()], totalOrders: 1, totalSpent: 0 };
    mockApi({ 'GET getUserById/u1': () => json(profile), 'GET getUserById/nope': () => json({ message: 'User not found' }, 404) });
    expect(adminCustomerQuery('u1').queryKey).toEqual(['admin', 'customers', 'detail', 'u1']);
    expect(await fetched(adminCustomerQuery('u1'))).toEqual(profile);
    expect(await fetched(adminCustomerQuery('nope'))).toEqual(new ApiFailure('User not found', 404));
  });

  it('a page of contact messages is GET /api/getContactMessages?page=&limit=10', async () => {
    const page = { messages: [message], total: 11, page: 2, limit: 10 };
    const asked: string[] = [];
    mockApi({
      'GET getContactMessages': (_body, request) => {
        asked.push(new URL(request.url).search);
        return json(page);
      },
    });
    expect(contactMessagesQuery(2).queryKey).toEqual(['admin', 'messages', 'list', { page: 2 }]);
    expect(await fetched(contactMessagesQuery(2))).toEqual(page);
    expect(asked).toEqual(['?page=2&limit=10']);
  });

  it("the messages' failure says 'Failed to load messages' when the server gives no reason", async () => {
    mockApi({ 'GET getContactMessages': () => json({}, 403) });
    expect(await fetched(contactMessagesQuery(1))).toEqual(new ApiFailure('Failed to load messages', 403));
  });

  it("the settings form's settings are GET /api/settings, apart from the storefront's kept copy, and no focus refetches them", async () => {
    mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
    const query = adminSettingsQuery();
    expect(query.queryKey).toEqual(['admin', 'settings']);
    expect(query.queryKey).not.toEqual(shopSettingsQuery().queryKey);
    expect(query).toMatchObject({ refetchOnWindowFocus: false, refetchOnReconnect: false });
    expect(await fetched(query)).toEqual(SHOP_SETTINGS);
    vi.restoreAllMocks();
    mockApi({ 'GET settings': () => json({}, 403) });
    expect(await fetched(query)).toEqual(new ApiFailure('Failed to fetch settings', 403));
  });
});

describe("the admin's changes to an order", () => {
  const before = adminOrder();
  const listKey = adminOrdersQuery({}).queryKey;
  const filteredListKey = adminOrdersQuery({ status: 'Pending', page: 2 }).queryKey;
  const dashboardKey = ['admin', 'dashboard'];
  const profileKey = adminCustomerQuery('u1').queryKey;
  const otherProfileKey = adminCustomerQuery('u2').queryKey;
  const otherOrderKey = adminOrderQuery('o2').queryKey;
  const customersKey = adminCustomersQuery({}).queryKey;
  const messagesKey = contactMessagesQuery(1).queryKey;
  const catalogueKey = catalogueQuery().queryKey;
  const settingsKey = adminSettingsQuery().queryKey;

  /** A cache holding what the admin has seen: the order, two of its lists, the dashboard, profiles, other screens, the catalogue. */
  function seenCache(): QueryClient {
    const client = createShopQueryClient();
    client.setQueryData(adminOrderQuery('o1').queryKey, before);
    client.setQueryData(listKey, { orders: [before], total: 1, page: 1, limit: 10 });
    client.setQueryData(filteredListKey, { orders: [], total: 11, page: 2, limit: 10 });
    client.setQueryData(dashboardKey, { totalOrders: 1 });
    client.setQueryData(profileKey, { user: customer(), orders: [before], totalOrders: 1, totalSpent: 0 });
    client.setQueryData(otherProfileKey, { user: customer({ _id: 'u2' }), orders: [], totalOrders: 0, totalSpent: 0 });
    client.setQueryData(otherOrderKey, adminOrder({ _id: 'o2' }));
    client.setQueryData(customersKey, { users: [customer()], total: 1, page: 1, limit: 10 });
    client.setQueryData(messagesKey, { messages: [message], total: 1, page: 1, limit: 10 });
    client.setQueryData(catalogueKey, [makeProduct()]);
    client.setQueryData(settingsKey, SHOP_SETTINGS);
    return client;
  }

  const invalidatedOf = (client: QueryClient, keys: readonly (readonly unknown[])[]) => keys.map((key) => client.getQueryState(key)?.isInvalidated);
  const untouched = [otherProfileKey, otherOrderKey, customersKey, messagesKey, settingsKey];

  it("a status change: the order holds the server's answer; its lists, the dashboard and its customer's profile are read again; the stock is not touched", async () => {
    const after = adminOrder({ orderStatus: 'Shipped' });
    const calls = mockApi({ 'PATCH updateOrderStatusById/o1': () => json({ message: 'Order status updated to Shipped', order: after }) });
    const client = seenCache();
    const answer = await new MutationObserver(client, updateOrderStatusMutation()).mutate({ id: 'o1', from: 'Processing', to: 'Shipped' });
    expect(answer).toEqual({ message: 'Order status updated to Shipped', order: after });
    expect(calls.map((c) => [c.key, c.body])).toEqual([['PATCH updateOrderStatusById/o1', { orderStatus: 'Shipped' }]]);

    expect(client.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(after);
    expect(client.getQueryState(adminOrderQuery('o1').queryKey)?.isInvalidated).toBe(false);
    expect(invalidatedOf(client, [listKey, filteredListKey, dashboardKey, profileKey])).toEqual([true, true, true, true]);
    expect(invalidatedOf(client, [...untouched, catalogueKey])).toEqual(untouched.map(() => false).concat(false));
  });

  it.each([
    ['cancelling', 'Processing', 'Cancelled'],
    ['restoring a cancelled order', 'Cancelled', 'Pending'],
  ] as const)('%s moves stock: the catalogue is read again too', async (_case, from, to) => {
    const after = adminOrder({ orderStatus: to });
    mockApi({ 'PATCH updateOrderStatusById/o1': () => json({ message: `Order status updated to ${to}`, order: after }) });
    const client = seenCache();
    await new MutationObserver(client, updateOrderStatusMutation()).mutate({ id: 'o1', from, to });
    expect(client.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(after);
    expect(invalidatedOf(client, [catalogueKey, listKey, dashboardKey, profileKey])).toEqual([true, true, true, true]);
    expect(invalidatedOf(client, untouched)).toEqual(untouched.map(() => false));
  });

  it('a refused status change (409) leaves every query as it was', async () => {
    mockApi({ 'PATCH updateOrderStatusById/o1': () => json({ message: 'Not enough stock to restore this order.' }, 409) });
    const client = seenCache();
    const failure = await new MutationObserver(client, updateOrderStatusMutation())
      .mutate({ id: 'o1', from: 'Cancelled', to: 'Pending' })
      .catch((e: unknown) => e);
    expect(failure).toEqual(new ApiFailure('Not enough stock to restore this order.', 409));
    expect(client.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(before);
    expect(invalidatedOf(client, [listKey, dashboardKey, profileKey, catalogueKey, ...untouched]).every((flag) => flag === false)).toBe(true);
  });

  it("Mark as Paid: the order holds the answer; its lists, the dashboard and its customer's total spent are read again, not the catalogue", async () => {
    const after = adminOrder({ paymentStatus: 'Paid', paidAt: '2026-11-24T12:30:00.000Z' });
    const calls = mockApi({ 'PATCH updatePaymentStatusById/o1': () => json({ message: 'Payment status updated to Paid', order: after }) });
    const client = seenCache();
    await new MutationObserver(client, updatePaymentStatusMutation()).mutate({ id: 'o1', paymentStatus: 'Paid' });
    expect(calls.map((c) => c.body)).toEqual([{ paymentStatus: 'Paid' }]);
    expect(client.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(after);
    expect(invalidatedOf(client, [listKey, filteredListKey, dashboardKey, profileKey])).toEqual([true, true, true, true]);
    expect(invalidatedOf(client, [catalogueKey, ...untouched]).every((flag) => flag === false)).toBe(true);
  });

  it("a guest's order has no profile to read again", async () => {
    const guest = adminOrder({ user: null, paymentStatus: 'Paid' });
    mockApi({ 'PATCH updatePaymentStatusById/o1': () => json({ message: 'Payment status updated to Paid', order: guest }) });
    const client = seenCache();
    await new MutationObserver(client, updatePaymentStatusMutation()).mutate({ id: 'o1', paymentStatus: 'Paid' });
    expect(client.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(guest);
    expect(invalidatedOf(client, [profileKey, otherProfileKey])).toEqual([false, false]);
  });

  it('a refund: the order holds the answer and its views are read again; the catalogue only when the items go back to stock', async () => {
    const refunded = (returnedToStock: boolean) =>
      adminOrder({
        paymentStatus: 'Paid',
        refunds: [{ _id: 'r1', amount: 50, status: 'pending', returnedToStock, createdAt: '2026-11-27T08:00:00.000Z', updatedAt: '2026-11-27T08:00:00.000Z' }],
      });
    let returnToStock = false;
    const calls = mockApi({ 'POST refundOrder/o1': () => json({ message: 'Refund started', order: refunded(returnToStock) }) });

    const kept = seenCache();
    const answer = await new MutationObserver(kept, refundOrderMutation()).mutate({ orderId: 'o1', input: { amount: 50, returnToStock } });
    expect(answer).toEqual({ message: 'Refund started', order: refunded(false) });
    expect(kept.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(refunded(false));
    expect(invalidatedOf(kept, [listKey, dashboardKey, profileKey, catalogueKey])).toEqual([true, true, true, false]);
    expect(invalidatedOf(kept, untouched).every((flag) => flag === false)).toBe(true);

    returnToStock = true;
    const restocked = seenCache();
    await new MutationObserver(restocked, refundOrderMutation()).mutate({ orderId: 'o1', input: { amount: 50, returnToStock } });
    expect(restocked.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(refunded(true));
    expect(invalidatedOf(restocked, [listKey, dashboardKey, profileKey, catalogueKey])).toEqual([true, true, true, true]);
    expect(calls.map((c) => c.body)).toEqual([
      { amount: 50, returnToStock: false },
      { amount: 50, returnToStock: true },
    ]);
  });

  it("clearing a flag: the order holds the answer; its lists' badges and the dashboard are read again, not the profile (it shows no flags) nor the catalogue", async () => {
    const after = adminOrder({
      flags: [
        {
          _id: 'f1',
          kind: 'refund_due',
          reason: 'Cancelled after it was paid.',
          createdAt: '2026-11-23T10:00:00.000Z',
          clearedAt: '2026-11-24T08:30:00.000Z',
          clearNote: 'Refunded by MoMo.',
        },
      ],
    });
    const calls = mockApi({ 'POST clearOrderFlag/f1': () => json({ message: 'Flag cleared', order: after }) });
    const client = seenCache();
    const answer = await new MutationObserver(client, clearOrderFlagMutation()).mutate({ flagId: 'f1', note: 'Refunded by MoMo.' });
    expect(answer).toEqual({ message: 'Flag cleared', order: after });
    expect(calls.map((c) => [c.key, c.body])).toEqual([['POST clearOrderFlag/f1', { note: 'Refunded by MoMo.' }]]);
    expect(client.getQueryData(adminOrderQuery('o1').queryKey)).toEqual(after);
    expect(invalidatedOf(client, [listKey, filteredListKey, dashboardKey])).toEqual([true, true, true]);
    expect(invalidatedOf(client, [profileKey, catalogueKey, ...untouched]).every((flag) => flag === false)).toBe(true);
  });
});
