import type { ApiError, EnteredOrderAnswer, Order, OrderAnswer } from '@/shared/types';
import type { TestApi } from './api';

/** A valid checkout form (spec section 5). */
export const checkoutForm = {
  fullName: 'Akosua Owusu',
  email: 'akosua@example.com',
  phone: '+233241234567',
  address: '12 Oxford Street, Osu',
  city: 'Accra',
  paymentMethod: 'Cash on Delivery',
} as const;

/** What the server sets on every order it has just placed: nothing off, no promo code, pending, unpaid, not cancelled, no refund. */
export const NEW_ORDER: Readonly<
  Pick<
    Order,
    | 'discount'
    | 'promoCode'
    | 'orderStatus'
    | 'paymentStatus'
    | 'refundState'
    | 'paymentReference'
    | 'cancelReason'
    | 'refunds'
    | 'region'
    | 'gpsAddress'
    | 'landmark'
    | 'delivery'
    | 'shipping'
  >
> = {
  region: null,
  gpsAddress: null,
  landmark: null,
  delivery: null,
  shipping: null,
  discount: 0,
  promoCode: null,
  orderStatus: 'Pending',
  paymentStatus: 'Pending',
  refundState: 'none',
  paymentReference: null,
  cancelReason: null,
  refunds: [],
};

export interface GuestOrderOptions {
  paymentMethod?: 'Mobile Money' | 'Cash on Delivery';
  promoCode?: string;
  idempotencyKey?: string;
  form?: Record<string, unknown>;
  /** More headers: the device's `X-Phone-Token`, the client address (`X-Forwarded-For`). */
  headers?: Record<string, string>;
}

/** `POST /createGuestOrder` with the spec's payload (quantities as strings). */
export function guestOrder(api: TestApi, lines: { productId: string; quantity: number }[], options: GuestOrderOptions = {}) {
  const body = {
    ...checkoutForm,
    paymentMethod: options.paymentMethod ?? checkoutForm.paymentMethod,
    ...(options.promoCode === undefined ? {} : { promoCode: options.promoCode }),
    ...options.form,
    cart: lines.map((l) => ({ productId: l.productId, quantity: String(l.quantity) })),
  };
  const headers: Record<string, string> = { ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}), ...options.headers };
  return api.json<OrderAnswer & Partial<ApiError>>('POST', '/api/createGuestOrder', { body, headers });
}

/** A guest's Mobile Money order, ready to pay: the answer's order and its token. */
export async function mobileMoneyOrder(api: TestApi, productId: string, quantity = 1) {
  const { status, body } = await guestOrder(api, [{ productId, quantity }], { paymentMethod: 'Mobile Money' });
  if (status !== 201 || !body.orderToken) throw new Error(`guest order failed: ${status} ${JSON.stringify(body)}`);
  return { order: body.order, orderToken: body.orderToken, headers: { 'X-Order-Token': body.orderToken } };
}

/** A guest's Mobile Money order of one item at `price` (₵) from a stock of 10, ready to pay. */
export async function mobileMoneyOrderOfOne(api: TestApi, price: number) {
  const product = await api.createProduct({ stock: 10, price });
  return mobileMoneyOrder(api, product.id, 1);
}

/** The buyer of an order the shop takes by phone: no e-mail, as most such orders. */
export const PHONE_BUYER = { fullName: 'Auntie Akos', phone: '0245550101', city: 'Accra', address: 'Madina' } as const;

/** An order the admin enters (POST /api/adminOrders, its Idempotency-Key `key`): `body` over the phone buyer. */
export function enterOrder(api: TestApi, token: string, key: string, body: Record<string, unknown>) {
  return api.json<EnteredOrderAnswer & Partial<ApiError>>('POST', '/api/adminOrders', {
    token,
    body: { ...PHONE_BUYER, ...body },
    headers: { 'Idempotency-Key': key },
  });
}
