import { type FetchQueryOptions, MutationObserver, type QueryClient, type QueryKey, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardStatsQuery } from '@/client/features/admin/dashboard/api/get-dashboard-stats';
import { catalogueQuery } from '@/client/features/admin/orders/api/get-catalogue';
import { addProductMutation } from '@/client/features/admin/products/api/add-product';
import { deleteProductMutation } from '@/client/features/admin/products/api/delete-product';
import { lowStockQuery } from '@/client/features/admin/products/api/get-low-stock-products';
import { adminProductQuery } from '@/client/features/admin/products/api/get-product';
import { adminProductsQuery, type ProductPage } from '@/client/features/admin/products/api/get-products';
import { updateProductMutation } from '@/client/features/admin/products/api/update-product';
import { createPromoCodeMutation } from '@/client/features/admin/promo-codes/api/create-promo-code';
import { deletePromoCodeMutation } from '@/client/features/admin/promo-codes/api/delete-promo-code';
import { promoCodesQuery } from '@/client/features/admin/promo-codes/api/get-promo-codes';
import { updatePromoCodeMutation } from '@/client/features/admin/promo-codes/api/update-promo-code';
import { ApiFailure, configureHttp } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { createShopQueryClient, type RouterContext } from '@/client/lib/query-client';
import { Route as DashboardRoute } from '@/client/routes/admin.index';
import { Route as EditProductRoute } from '@/client/routes/admin.products.edit.$id';
import { Route as ProductsRoute } from '@/client/routes/admin.products.index';
import { Route as LowStockRoute } from '@/client/routes/admin.products.low-stock';
import { Route as PromoCodesRoute } from '@/client/routes/admin.promo-codes';
import type { DashboardStats } from '@/shared/admin-types';
import type { Product } from '@/shared/types';
import { mockProductApi, nodeFormData } from './admin-products-multipart';
import { json, mockApi } from './api-mock';
import { freshStoresAndStorage, makeProduct, makePromoCode, SHOP_SETTINGS } from './fixtures';

freshStoresAndStorage();
nodeFormData();

beforeEach(() => {
  configureHttp({ token: () => 'tok-admin', unauthorized: () => {} });
});

/** What a query failed with. */
const failureOf = <T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, ApiFailure, T, K>) =>
  client.fetchQuery(options).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

/** A network that drops every call: the query fails with its own text. */
async function networkFailureOf<T, K extends QueryKey>(options: FetchQueryOptions<T, ApiFailure, T, K>) {
  vi.restoreAllMocks();
  mockApi({});
  const failure = await failureOf(createShopQueryClient(), options);
  expect(failure).toBeInstanceOf(ApiFailure);
  return failure as ApiFailure;
}

const soldOut = makeProduct({ _id: 'p-out', name: 'Sold Out Soap', stock: 0 });
const shea = makeProduct({ _id: 'p-shea', name: 'Raw Shea Butter', stock: 3 });
const chebe = makeProduct({ _id: 'p-chebe', name: 'Chebe Hair Oil', stock: 20 });
const eight = makeProduct({ _id: 'p-eight', name: 'Eight Left', stock: 8 });

const STATS: DashboardStats = {
  totalSales: 120,
  totalOrders: 3,
  totalCustomers: 2,
  guestBuyers: 0,
  needsAttention: 0,
  salesByDay: [],
  recentOrders: [],
  lowStock: [soldOut, shea],
  awaitingConfirmation: [],
  unverifiedOrders: 0,
};

const SAVE10 = makePromoCode({ code: 'SAVE10', percent: 10 });
const FIESTA20 = makePromoCode({ code: 'FIESTA20', percent: 20, createdAt: '2026-11-22T10:00:00.000Z' });

const page = (data: Product[]): ProductPage => ({ data, total: data.length, page: 1, limit: 10 });

describe('the admin product queries', () => {
  it('one page of the products is GET /api/getProducts?q=&page=&limit=10 with the admin token, under its search and page', async () => {
    const searches: string[] = [];
    const calls = mockApi({
      'GET getProducts': (_body, request) => {
        searches.push(new URL(request.url).search);
        return json(page([shea]));
      },
    });
    expect(adminProductsQuery({ q: 'shea', page: 2 }).queryKey).toEqual(['admin', 'products', 'list', { q: 'shea', page: 2 }]);
    await expect(createShopQueryClient().fetchQuery(adminProductsQuery({ q: 'shea', page: 2 }))).resolves.toEqual(page([shea]));
    expect(calls).toEqual([{ key: 'GET getProducts', body: undefined, authorization: 'Bearer tok-admin' }]);
    expect(searches).toEqual(['?q=shea&page=2&limit=10']);
  });

  it("a page fails with the server's message, or 'Failed to fetch products' when the network fails", async () => {
    mockApi({ 'GET getProducts': () => json({ message: 'Database unavailable' }, 503) });
    expect(await failureOf(createShopQueryClient(), adminProductsQuery({ q: '', page: 1 }))).toEqual(new ApiFailure('Database unavailable', 503));
    expect((await networkFailureOf(adminProductsQuery({ q: '', page: 1 }))).message).toBe('Failed to fetch products');
  });

  it('the low-stock list is GET /api/getLowStockProducts?threshold=, one query per threshold', async () => {
    const calls = mockApi({
      'GET getLowStockProducts': (_body, request) => json({ data: new URL(request.url).search === '?threshold=5' ? [soldOut, shea] : [] }),
    });
    expect(lowStockQuery(5).queryKey).toEqual(['admin', 'products', 'low-stock', 5]);
    expect(lowStockQuery(10).queryKey).toEqual(['admin', 'products', 'low-stock', 10]);
    await expect(createShopQueryClient().fetchQuery(lowStockQuery(5))).resolves.toEqual([soldOut, shea]);
    expect(calls).toEqual([{ key: 'GET getLowStockProducts', body: undefined, authorization: 'Bearer tok-admin' }]);
    expect((await networkFailureOf(lowStockQuery(5))).message).toBe('Failed to fetch products');
  });

  it('the product to edit is GET /api/getSingleProductById/{id}, a missing one a 404; no refetch under a form being filled in', async () => {
    const calls = mockApi({
      'GET getSingleProductById/p%2F1': () => json({ data: shea }),
      'GET getSingleProductById/gone': () => json({ message: 'Product not found.' }, 404),
    });
    const client = createShopQueryClient();
    expect(adminProductQuery('p/1').queryKey).toEqual(['admin', 'products', 'detail', 'p/1']);
    await expect(client.fetchQuery(adminProductQuery('p/1'))).resolves.toEqual(shea);
    expect(await failureOf(client, adminProductQuery('gone'))).toEqual(new ApiFailure('Product not found.', 404));
    expect(calls.map((c) => [c.key, c.authorization])).toEqual([
      ['GET getSingleProductById/p%2F1', 'Bearer tok-admin'],
      ['GET getSingleProductById/gone', 'Bearer tok-admin'],
    ]);
    expect(adminProductQuery('p/1')).toMatchObject({ refetchOnWindowFocus: false, refetchOnReconnect: false });
    expect((await networkFailureOf(adminProductQuery('p/1'))).message).toBe('Failed to fetch product');
  });

  it("the dashboard is GET /api/getDashboardStats under ['admin', 'dashboard'], the key product changes invalidate", async () => {
    const calls = mockApi({ 'GET getDashboardStats': () => json(STATS) });
    expect(dashboardStatsQuery().queryKey).toEqual(['admin', 'dashboard']);
    await expect(createShopQueryClient().fetchQuery(dashboardStatsQuery())).resolves.toEqual(STATS);
    expect(calls).toEqual([{ key: 'GET getDashboardStats', body: undefined, authorization: 'Bearer tok-admin' }]);
    vi.restoreAllMocks();
    mockApi({ 'GET getDashboardStats': () => json({ message: 'Something went wrong.' }, 500) });
    expect(await failureOf(createShopQueryClient(), dashboardStatsQuery())).toEqual(new ApiFailure('Something went wrong.', 500));
    expect((await networkFailureOf(dashboardStatsQuery())).message).toBe('Failed to load dashboard data');
  });

  it('the promo codes are GET /api/promoCodes', async () => {
    const calls = mockApi({ 'GET promoCodes': () => json({ data: [FIESTA20, SAVE10] }) });
    expect(promoCodesQuery().queryKey).toEqual(['admin', 'promo-codes']);
    await expect(createShopQueryClient().fetchQuery(promoCodesQuery())).resolves.toEqual([FIESTA20, SAVE10]);
    expect(calls).toEqual([{ key: 'GET promoCodes', body: undefined, authorization: 'Bearer tok-admin' }]);
    expect((await networkFailureOf(promoCodesQuery())).message).toBe('Failed to load promo codes');
  });
});

const allPage = adminProductsQuery({ q: '', page: 1 }).queryKey;
const oilPage = adminProductsQuery({ q: 'oil', page: 1 }).queryKey;
const lowStock5 = lowStockQuery(5).queryKey;
const lowStock10 = lowStockQuery(10).queryKey;
const unrelated = ['admin', 'orders', 'list', { page: 1 }] as const;

/** A cache holding every admin product query, the dashboard, the catalogue, the promo codes and other lists, all fresh. */
function cacheWithProducts(): QueryClient {
  const client = createShopQueryClient();
  client.setQueryData(allPage, page([shea, chebe]));
  client.setQueryData(oilPage, page([chebe]));
  client.setQueryData(lowStock5, [soldOut, shea]);
  client.setQueryData(lowStock10, [soldOut, shea, eight]);
  client.setQueryData(adminProductQuery(shea._id).queryKey, shea);
  client.setQueryData(dashboardStatsQuery().queryKey, STATS);
  client.setQueryData(catalogueQuery().queryKey, [shea, chebe]);
  client.setQueryData(shopSettingsQuery().queryKey, SHOP_SETTINGS);
  client.setQueryData(promoCodesQuery().queryKey, [SAVE10]);
  client.setQueryData(unrelated, { orders: [], total: 0 });
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

/** The queries no product change touches: neither changed nor invalidated. */
function expectUntouched(client: QueryClient) {
  expect(client.getQueryData(promoCodesQuery().queryKey)).toEqual([SAVE10]);
  expect(client.getQueryData(shopSettingsQuery().queryKey)).toEqual(SHOP_SETTINGS);
  expect(client.getQueryData(unrelated)).toEqual({ orders: [], total: 0 });
  for (const key of [promoCodesQuery().queryKey, shopSettingsQuery().queryKey, unrelated]) expect(invalidated(client, key)).toBe(false);
}

/** A page showing a query (an active observer), as a mounted useQuery is. */
function shown<T, K extends QueryKey>(client: QueryClient, options: QueryObserverOptions<T, ApiFailure, T, T, K>) {
  return new QueryObserver(client, options).subscribe(() => {});
}

describe('a product saved', () => {
  it('an edit: its edit query holds the answer, the pages and low-stock lists show it in place, lists and dashboard are invalidated, the catalogue too', async () => {
    const saved = { ...shea, name: 'Shea Butter', stock: 7 };
    const calls = mockProductApi({
      'PATCH updateProductInfo/p-shea': () => json({ message: 'Product updated successfully', data: saved }),
      'GET getProducts': () => json(page([saved, chebe])),
    });
    const client = cacheWithProducts();
    // The page of all products and the low-stock list on screen: the first is asked again, the second is already right.
    const unsubscribe = [shown(client, adminProductsQuery({ q: '', page: 1 })), shown(client, lowStockQuery(5))];
    const form = new FormData();
    form.append('stock', '7');

    await expect(new MutationObserver(client, updateProductMutation()).mutate({ id: 'p-shea', form })).resolves.toEqual(saved);
    expect(client.getQueryData(adminProductQuery('p-shea').queryKey)).toEqual(saved);
    expect(client.getQueryData(oilPage)).toEqual(page([chebe]));
    expect(client.getQueryData(lowStock5)).toEqual([soldOut]);
    expect(client.getQueryData(lowStock10)).toEqual([soldOut, saved, eight]);
    // Marked out of date: the low-stock lists without a reload (the one on screen is right as it is).
    for (const key of [oilPage, lowStock5, lowStock10, dashboardStatsQuery().queryKey, catalogueQuery().queryKey]) expect(invalidated(client, key)).toBe(true);
    expectUntouched(client);
    // The page on screen is asked again (the edit may move it in a search); nothing else is.
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['PATCH updateProductInfo/p-shea', 'GET getProducts']));
    await vi.waitFor(() => expect(client.getQueryData(allPage)).toEqual(page([saved, chebe])));
    for (const stop of unsubscribe) stop();
  });

  it('a new product: its edit query holds the answer and the low-stock lists place it by its stock', async () => {
    const added = makeProduct({ _id: 'p-new', name: 'Aloe Gel', stock: 2 });
    mockProductApi({ 'POST addProduct': () => json({ message: 'Product added successfully!', data: added }, 201) });
    const client = cacheWithProducts();

    await new MutationObserver(client, addProductMutation()).mutate(new FormData());
    expect(client.getQueryData(adminProductQuery('p-new').queryKey)).toEqual(added);
    expect(client.getQueryData(lowStock5)).toEqual([soldOut, added, shea]);
    expect(client.getQueryData(lowStock10)).toEqual([soldOut, added, shea, eight]);
    // Where it lands among the pages is the server's to say.
    expect(client.getQueryData(allPage)).toEqual(page([shea, chebe]));
    for (const key of [allPage, oilPage, lowStock5, dashboardStatsQuery().queryKey, catalogueQuery().queryKey]) expect(invalidated(client, key)).toBe(true);
    expectUntouched(client);
  });

  it('a refused save changes nothing', async () => {
    mockProductApi({ 'PATCH updateProductInfo/p-shea': () => json({ message: 'Stock must be a whole number of 0 or more.' }, 400) });
    const client = cacheWithProducts();

    await expect(new MutationObserver(client, updateProductMutation()).mutate({ id: 'p-shea', form: new FormData() })).rejects.toEqual(
      new ApiFailure('Stock must be a whole number of 0 or more.', 400),
    );
    expect(client.getQueryData(adminProductQuery('p-shea').queryKey)).toEqual(shea);
    expect(client.getQueryData(lowStock5)).toEqual([soldOut, shea]);
    for (const key of [allPage, lowStock5, dashboardStatsQuery().queryKey, catalogueQuery().queryKey]) expect(invalidated(client, key)).toBe(false);
  });
});

describe('a product deleted', () => {
  it('its edit query goes, its row leaves the pages and low-stock lists, which are invalidated with the dashboard and the catalogue', async () => {
    mockApi({ 'DELETE deleteProduct/p-shea': () => json({ message: 'Product deleted successfully' }) });
    const client = cacheWithProducts();

    await new MutationObserver(client, deleteProductMutation()).mutate('p-shea');
    expect(client.getQueryState(adminProductQuery('p-shea').queryKey)).toBeUndefined();
    expect(client.getQueryData(allPage)).toEqual(page([chebe]));
    expect(client.getQueryData(oilPage)).toEqual(page([chebe]));
    expect(client.getQueryData(lowStock5)).toEqual([soldOut]);
    expect(client.getQueryData(lowStock10)).toEqual([soldOut, eight]);
    for (const key of [allPage, oilPage, lowStock5, lowStock10, dashboardStatsQuery().queryKey, catalogueQuery().queryKey]) {
      expect(invalidated(client, key)).toBe(true);
    }
    expectUntouched(client);
  });
});

describe('a promo code change', () => {
  /** A cache with the promo codes and what no promo change touches. */
  function cacheWithCodes(): QueryClient {
    const client = createShopQueryClient();
    client.setQueryData(promoCodesQuery().queryKey, [SAVE10]);
    client.setQueryData(catalogueQuery().queryKey, [shea]);
    client.setQueryData(dashboardStatsQuery().queryKey, STATS);
    return client;
  }

  const expectOthersUntouched = (client: QueryClient) => {
    for (const key of [catalogueQuery().queryKey, dashboardStatsQuery().queryKey]) expect(invalidated(client, key)).toBe(false);
  };

  it('added: the list answered is the promo codes query’s data', async () => {
    const calls = mockApi({ 'POST promoCodes': () => json({ message: 'Promo code saved', data: [FIESTA20, SAVE10] }, 201) });
    const client = cacheWithCodes();
    await new MutationObserver(client, createPromoCodeMutation()).mutate({ code: 'FIESTA20', percent: 20 });
    expect(calls).toEqual([{ key: 'POST promoCodes', body: { code: 'FIESTA20', percent: 20 }, authorization: 'Bearer tok-admin' }]);
    expect(client.getQueryData(promoCodesQuery().queryKey)).toEqual([FIESTA20, SAVE10]);
    expect(invalidated(client, promoCodesQuery().queryKey)).toBe(false);
    expectOthersUntouched(client);
  });

  it('switched off or given a new percent: the list answered is the data', async () => {
    const off = { ...SAVE10, active: false };
    const calls = mockApi({ 'PATCH promoCodes/SAVE10': () => json({ message: 'Promo code saved', data: [off] }) });
    const client = cacheWithCodes();
    await new MutationObserver(client, updatePromoCodeMutation()).mutate({ code: 'SAVE10', changes: { active: false } });
    expect(calls.map((c) => [c.key, c.body])).toEqual([['PATCH promoCodes/SAVE10', { active: false }]]);
    expect(client.getQueryData(promoCodesQuery().queryKey)).toEqual([off]);
    expectOthersUntouched(client);
  });

  it('deleted: the list answered is the data; a refused change leaves the list as it was', async () => {
    mockApi({
      'DELETE promoCodes/SAVE10': () => json({ message: 'Promo code deleted', data: [] }),
      'POST promoCodes': () => json({ message: 'That promo code already exists.' }, 409),
    });
    const client = cacheWithCodes();
    await expect(new MutationObserver(client, createPromoCodeMutation()).mutate({ code: 'SAVE10', percent: 5 })).rejects.toEqual(
      new ApiFailure('That promo code already exists.', 409),
    );
    expect(client.getQueryData(promoCodesQuery().queryKey)).toEqual([SAVE10]);
    await new MutationObserver(client, deletePromoCodeMutation()).mutate('SAVE10');
    expect(client.getQueryData(promoCodesQuery().queryKey)).toEqual([]);
    expectOthersUntouched(client);
  });
});

describe('the route loaders', () => {
  const contextOf = (client: QueryClient): RouterContext => ({ queryClient: client, dataLoading: 'await' });
  // The loaders as the router calls them, with only what they read.
  type Loader = (match: { context: RouterContext; deps?: unknown; params?: unknown }) => Promise<void>;
  const loaderOf = (route: { options: { loader?: unknown } }) => route.options.loader as Loader;

  it("/admin/products: the page in the address, under the key the page's own query uses", async () => {
    mockApi({ 'GET getProducts': () => json(page([shea])) });
    const client = createShopQueryClient();
    const deps = (ProductsRoute.options.loaderDeps as (match: { search: unknown }) => unknown)({ search: { q: 'shea' } });
    await loaderOf(ProductsRoute)({ context: contextOf(client), deps });
    expect(client.getQueryData(adminProductsQuery({ q: 'shea', page: 1 }).queryKey)).toEqual(page([shea]));
  });

  it('/admin/products/edit/{id}, /admin/products/low-stock, /admin and /admin/promo-codes: their queries', async () => {
    mockApi({
      'GET getSingleProductById/p-shea': () => json({ data: shea }),
      'GET getLowStockProducts': () => json({ data: [soldOut] }),
      'GET getDashboardStats': () => json(STATS),
      'GET promoCodes': () => json({ data: [SAVE10] }),
    });
    const client = createShopQueryClient();
    await loaderOf(EditProductRoute)({ context: contextOf(client), params: { id: 'p-shea' } });
    await loaderOf(LowStockRoute)({ context: contextOf(client) });
    await loaderOf(DashboardRoute)({ context: contextOf(client) });
    await loaderOf(PromoCodesRoute)({ context: contextOf(client) });
    expect(client.getQueryData(adminProductQuery('p-shea').queryKey)).toEqual(shea);
    expect(client.getQueryData(lowStock5)).toEqual([soldOut]);
    expect(client.getQueryData(dashboardStatsQuery().queryKey)).toEqual(STATS);
    expect(client.getQueryData(promoCodesQuery().queryKey)).toEqual([SAVE10]);
  });
});
