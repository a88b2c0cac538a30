/**
 * The typed API: one Hono client (`hc`) per route group, its requests and answers typed by the
 * server's routes (src/server/api-contract.gen.d.ts, the one server file the client may import, and
 * only for types). Every call still goes through ky (`http` with the token, `publicHttp` without), so
 * the token, the 401 handling, timeouts, retries and HTTPError stay as they are; `apiCall` turns a
 * failure into the same ApiFailure.
 */
import { hc, type InferResponseType } from 'hono/client';
import type { Options } from 'ky';
import type {
  adminCustomersApi,
  adminDashboardApi,
  adminOrdersApi,
  adminProductsApi,
  adminShopApi,
  authApi,
  avatarsApi,
  cartApi,
  ordersApi,
  outboxApi,
  paymentsApi,
  phoneCodesApi,
  productsApi,
  setupApi,
  shopApi,
} from '@/server/api-contract.gen';
import { type HttpClient, http, publicHttp } from './http';

/**
 * hc's fetch, sent through a ky client: hc writes `/api/…`, ky (prefixUrl `/api`) takes the rest.
 * `options` are ky's per call (a longer timeout for an upload). Answers are asked for as JSON, as
 * ky's `.json()` asks.
 */
export function kyFetch(client: HttpClient, options: Options = {}): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    return client(String(input).replace(/^\/api\//, ''), { ...init, ...options, headers });
  };
}

/** The answer's JSON, typed by its route: ky has already thrown for any answer that is not a success. */
export async function answerOf<T>(response: Promise<{ json(): Promise<T> }>): Promise<T> {
  return (await response).json();
}

const signedIn = { fetch: kyFetch(http) };

/**
 * A call's options for a multipart upload: the form as the body (hc's `init` is sent as given) and a
 * longer timeout than a JSON call's.
 */
export function uploadOptions(form: FormData, timeoutMs: number) {
  return { init: { body: form }, fetch: kyFetch(http, { timeout: timeoutMs }) };
}

export const productsClient = hc<typeof productsApi>('/api', signedIn);
export const authClient = hc<typeof authApi>('/api', signedIn);
export const avatarsClient = hc<typeof avatarsApi>('/api', signedIn);
export const ordersClient = hc<typeof ordersApi>('/api', signedIn);
export const phoneCodesClient = hc<typeof phoneCodesApi>('/api', signedIn);
export const paymentsClient = hc<typeof paymentsApi>('/api', signedIn);
export const shopClient = hc<typeof shopApi>('/api', signedIn);
export const adminOrdersClient = hc<typeof adminOrdersApi>('/api', signedIn);
export const adminDashboardClient = hc<typeof adminDashboardApi>('/api', signedIn);
export const adminCustomersClient = hc<typeof adminCustomersApi>('/api', signedIn);
export const adminProductsClient = hc<typeof adminProductsApi>('/api', signedIn);
export const adminShopClient = hc<typeof adminShopApi>('/api', signedIn);
export const outboxClient = hc<typeof outboxApi>('/api', signedIn);
export const setupClient = hc<typeof setupApi>('/api', signedIn);

/** The public catalogue, without the token (the service worker may keep it). */
export const publicProductsClient = hc<typeof productsApi>('/api', { fetch: kyFetch(publicHttp) });

/**
 * The answers the start-up code reads with plain ky (lib/queries, lib/catalogue-copy.ts, the cart and
 * order calls of lib/api, the orders routes' loaders): hc's runtime there would weigh on the first
 * page's bytes; the types, from the same routes, weigh nothing.
 */
export interface StartupAnswers {
  settings: InferResponseType<typeof shopClient.settings.$get>;
  productPage: InferResponseType<typeof productsClient.products.$get>;
  product: InferResponseType<(typeof productsClient.getSingleProductById)[':id']['$get']>;
  stock: InferResponseType<typeof productsClient.stock.$get>;
  catalogueChanges: InferResponseType<typeof productsClient.catalogueChanges.$get>;
  myOrders: InferResponseType<typeof ordersClient.getAllMyOrders.$get>;
  cart: InferResponseType<typeof cartClient.getMyCart.$get>;
  mergedCart: InferResponseType<typeof cartClient.mergeCart.$post>;
  placedOrder: InferResponseType<typeof ordersClient.createOrder.$post, 201>;
  placedGuestOrder: InferResponseType<typeof ordersClient.createGuestOrder.$post, 201>;
  promo: InferResponseType<typeof ordersClient.validatePromo.$post>;
  order: InferResponseType<(typeof ordersClient.getOrderById)[':id']['$get'], 200>;
  orderByLink: InferResponseType<(typeof ordersClient.orderByLink)[':code']['$get'], 200>;
}

/** The customer's cart: only its types serve (the cart store calls with ky, above). */
declare const cartClient: ReturnType<typeof hc<typeof cartApi>>;
