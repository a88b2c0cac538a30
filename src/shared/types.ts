import type { DisputeStatus, OrderFlagKind, RefundState, RefundStatus } from './back-office';
import type { Category, OrderStatus, OrderVerification, PaymentMethod, PaymentStatus, Role } from './constants';
import type { DeliveryChange, DeliveryOption, GhanaRegion, OrderDelivery } from './delivery';
import type { DeclineReason, MomoNetwork } from './momo';

/** Answer shapes of the API (ARCHITECTURE section 4). Money in cedis, dates as ISO strings. */
export interface Product {
  _id: string;
  /**
   * The product's address, /product/{slug}: its name in lower-case ASCII words (`whipped-shea-butter-unscented`),
   * unique, new after a rename (the old one answers 301). A phone's copy saved before slugs may lack it
   * until its next sync: links use productAddress (shared/product-address.ts).
   */
  slug: string;
  name: string;
  description: string;
  category: Category;
  price: number;
  stock: number;
  productImageUrls: string[];
  createdAt: string;
  newArrival: boolean;
  rating: number | null;
  ratingCount: number;
  unitsSold: number;
  /** The most one order may take (the admin's "most per order"); null: only stock and the cap of 100 limit it. */
  maxPerOrder: number | null;
}

export interface CartLine {
  _id: string;
  quantity: number;
  product: Pick<Product, '_id' | 'slug' | 'name' | 'price' | 'productImageUrls' | 'stock' | 'maxPerOrder'>;
}

/**
 * The signed-in customer's whole cart: GET /getMyCart, POST /addToCart, POST /setCartItem, PATCH
 * /updateCartItem/{lineId}, DELETE /removeCartItemById/{lineId}, DELETE /clearCart.
 */
export interface CartAnswer {
  Cart: [{ items: CartLine[] }];
  message?: string;
}

/** `POST /mergeCart`: the cart after a guest's lines joined it, with the lines left out or cut down. */
export interface MergeCartAnswer extends CartAnswer {
  skipped: { productId: string; reason: string }[];
  adjusted: { productId: string; quantity: number; reason: string }[];
}

export interface User {
  _id: string;
  fullName: string;
  email: string;
  role: Role;
  createdAt: string;
  /** The account's own phone (resets by SMS), `+233` and 9 digits; null when none. */
  phone: string | null;
  /** The profile photo's URL (its 320 px WebP); null when none. */
  avatar: string | null;
}

/** `POST /login`. */
export interface LoginAnswer {
  token: string;
  data: { role: Role; _id: string; fullName: string; email: string; phone: string | null; avatar: string | null };
}

/** `POST /forgotPassword`: the same words whether or not an account uses the address; how it went (a link by e-mail, a code by SMS). */
export interface ForgotPasswordAnswer {
  message: string;
  channel: 'email' | 'sms';
}

/** `POST /resetPassword`: the new password is set, every other session revoked, and this device signed in. */
export interface ResetPasswordAnswer extends LoginAnswer {
  message: string;
}

/** `POST /lookupOrder`: the order, read-only, and the short link code (`/o/{code}`) that opens it again. */
export interface OrderLookupAnswer {
  order: Order;
  link: string;
}

export interface ShopSettings {
  shopName: string;
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  logo: string | null;
  socials: { facebook?: string; instagram?: string; tiktok?: string; x?: string; whatsapp?: string };
  /**
   * How this shop takes payment: Mobile Money is offered only with a provider (Paystack, or the
   * sandbox in a demo shop); `testPayments` while the sandbox simulates it.
   */
  payments: { mobileMoney: boolean; testPayments: boolean };
  /** Which ways a forgotten password can be reset: only where the shop can send (SMTP for e-mail, a gateway for SMS). */
  passwordReset: { email: boolean; sms: boolean };
  /** The delivery options the checkout offers (active ones, in the admin's order); none: the spec's "fee not included". */
  delivery: DeliveryOption[];
  /** A demo shop (seeded with the demo data, not yet gone live): every page says nothing is for sale. */
  demoShop: boolean;
  /** The share (0-100 %) of storefront page views that report their speed to POST /api/vitals. */
  vitalsSamplePercent: number;
}

export interface OrderItem {
  /** A snapshot taken when the order was placed: later product edits or deletion do not change it. */
  product: { _id: string; name: string; price: number; productImageUrls: string[] };
  priceAtPurchase: number;
  quantity: number;
}

export interface Order {
  _id: string;
  /** Short and human, for the phone and the counter: `NK-7K3Q9P`. */
  orderNumber: string;
  createdAt: string;
  subtotal: number;
  discount: number;
  total: number;
  promoCode: string | null;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Derived from the processed refunds: `refunded` once they add up to the total, `partly` before. */
  refundState: RefundState;
  paymentReference: string | null;
  /** Why a cancelled order was cancelled: its hold ran out, the shopper, or the shop. */
  cancelReason: 'expired' | 'shopper' | 'admin' | 'unconfirmed' | null;
  /** Money sent back to the shopper, oldest first. */
  refunds: OrderRefund[];
  user: { _id: string; fullName: string; email: string } | null;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  paymentMethod: { fullName: string; email: string; phone: string; address: string; city: string; paymentMethod: PaymentMethod };
  /** The region, GhanaPost GPS address (`GA-183-8164`) and landmark, where given. */
  region: GhanaRegion | null;
  gpsAddress: string | null;
  landmark: string | null;
  /** The delivery option as it was when the order was placed; null: none chosen (fee to be agreed). */
  delivery: OrderDelivery | null;
  /** The spec's optional `shipping`: the delivery fee in cedis (in `total` only when paid with the order); null without an option. */
  shipping: number | null;
  items: OrderItem[];
  /** When an unpaid Mobile Money order gives its stock back; null once paid, cancelled or for cash. */
  holdExpiresAt: string | null;
  /** Whether the buyer is shown to be real (a confirmed phone, or the shop), else what confirms them. */
  verification: OrderVerification;
  /** Whether the order's items are put aside for it now (an unverified order's only for a short time, or not at all). */
  stockHeld: boolean;
  /** When an unverified order's items go back on sale (the order itself waits on); null when none are put aside briefly. */
  stockReleaseAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
}

export interface OrderRefund {
  _id: string;
  amount: number;
  status: RefundStatus;
  /** The admin asked for the items to go back to stock with this refund. */
  returnedToStock: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Admin-only: something a person must look at, with when and why; cleared with a note. */
export interface OrderFlag {
  _id: string;
  kind: OrderFlagKind;
  reason: string;
  createdAt: string;
  clearedAt: string | null;
  clearNote: string | null;
}

export interface OrderDispute {
  _id: string;
  amount: number | null;
  status: DisputeStatus;
  resolution: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** What admin calls answer about an order: the shopper's view plus flags and disputes. */
export interface AdminOrder extends Order {
  flags: OrderFlag[];
  disputes: OrderDispute[];
  /** Entered by an admin: a phone or WhatsApp order. */
  enteredByAdmin: boolean;
}

/**
 * `POST /adminOrders` (201): the order entered, and for Mobile Money the prompt sent to the wallet
 * (`charge`) or the payment link sent by SMS (`paymentLink`).
 */
export interface EnteredOrderAnswer extends OrderChangeAnswer<AdminOrder> {
  charge?: ChargeAnswer;
  paymentLink?: string;
}

/** `POST /createOrder` and `POST /createGuestOrder` (201): the order placed. */
export interface OrderAnswer extends OrderChangeAnswer {
  /** Guests only: sent back as `X-Order-Token` to read, pay or cancel this order. */
  orderToken?: string;
}

/** `POST /validatePromo`: a code unknown or switched off answers `valid: false` (status 200). */
export interface PromoAnswer {
  valid: boolean;
  code: string;
  percent: number;
  message: string;
  /** With a subtotal in the request: the discount it gives, in cedis. */
  discount?: number;
}

export type VerifyStatus = 'success' | 'pending' | 'failed' | 'abandoned';

/** `POST /initializePayment`: the provider's payment page to send the shopper to. */
export interface InitializePaymentAnswer {
  payment_link: string;
  reference: string;
  message: string;
}

/**
 * A Mobile Money charge approved on the phone, as the checkout shows it. `starting`: the request is
 * on its way to the network; `approve`: a prompt is on the phone; `otp`: the network wants a code or
 * voucher; `timed_out`: the countdown ran out unapproved; the rest are final for this attempt.
 */
export type ChargeAttemptState = 'starting' | 'approve' | 'otp' | 'paid' | 'failed' | 'timed_out' | 'cancelled';

export interface ChargeAttempt {
  reference: string;
  state: ChargeAttemptState;
  /** Local form, `0XXXXXXXXX`. */
  phone: string;
  network: MomoNetwork;
  /** The network's own instructions (Telecel's voucher steps), when it sent some. */
  displayText: string | null;
  /** When the prompt runs out (ISO), while one is open. */
  expiresAt: string | null;
  declineReason: DeclineReason | null;
  /** What the shopper is told, in the shop's words. */
  message: string;
  /** Sandbox charges: the page says it is a test payment. */
  test: boolean;
}

/**
 * `POST /chargeMobileMoney`, `POST /submitPaymentOtp`, `POST /cancelPaymentAttempt`: the attempt and
 * its order's state.
 */
export interface ChargeAnswer extends ChargeAttempt {
  orderId: string;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
}

/** `GET /verifyPayment/{reference}`. */
export interface VerifyPaymentAnswer {
  /** `success` once the order is paid, by this reference or another attempt of the same order. */
  status: VerifyStatus;
  orderId: string;
  paymentStatus: PaymentStatus;
  /** A payment may land on an order already cancelled: the page must then say so, not "confirmed". */
  orderStatus: OrderStatus;
  /** The asked-about attempt, when it is a charge approved on the phone. */
  charge?: ChargeAttempt;
}

export interface ApiError {
  message: string;
  errors?: { path: (string | number)[]; message: string }[];
  /** A 409 from placing an order whose delivery changed since the checkout showed it. */
  delivery?: DeliveryChange;
}

export type { DeliveryOption, OrderDelivery, OrderStatus, PaymentMethod, PaymentStatus };

/*
 * The envelopes of the API's answers, shared by the server's routes (each `c.json(...)` is checked
 * against one with `satisfies`) and the client's calls (`.json<...>()`). Errors are not here: every
 * refusal is an `ApiError`, sent by the one error handler.
 */

/**
 * `{ data }`: GET /settings (`ShopSettings`), GET /getSingleProductById/{id} (`Product`);
 * admin: GET /getLowStockProducts (`Product[]`), GET /promoCodes (`PromoCode[]`).
 */
export interface DataAnswer<T> {
  data: T;
}

/**
 * The server's message alone: DELETE /deleteProduct/{id}, POST /logout, PATCH /changePassword,
 * POST /contact (201), POST /subscribe, and Paystack's POST /paystack/webhook.
 */
export interface MessageAnswer {
  message: string;
}

/**
 * A change done: the server's message and the result. POST /addUser and PATCH /updateUser/{id}
 * (`User`); admin: POST /addProduct (201) and PATCH /updateProductInfo/{id} (`Product`), PATCH
 * /settings (`ShopSettings`), POST (201), PATCH and DELETE /promoCodes (the whole list, `PromoCode[]`).
 */
export interface ChangeAnswer<T> extends MessageAnswer, DataAnswer<T> {}

/** `GET /getOrderById/{id}`: `{ order }`, an `AdminOrder` when an admin asks. */
export interface OrderReadAnswer<O extends Order = Order> {
  order: O;
}

/**
 * An order changed, with the server's message: POST /cancelOrder/{id} (`Order`); admin (`AdminOrder`):
 * PATCH /updateOrderStatusById/{id}, PATCH /updatePaymentStatusById/{id}, POST /clearOrderFlag/{flagId},
 * POST /refundOrder/{id}. A placed order answers `OrderAnswer`.
 */
export interface OrderChangeAnswer<O extends Order = Order> extends MessageAnswer, OrderReadAnswer<O> {}

/** Every item under its key, never paged: GET /getAllMyOrders (`Orders`). */
export type ListAnswer<Key extends string, Item> = { [K in Key]: Item[] };

/**
 * A list answer (ARCHITECTURE §4): everything under its key, or with `?page`/`limit` one page plus
 * `total`, `page` and `limit`: GET /getProducts (`data`); admin: GET /getAllOrders (`orders`),
 * /getAllUsers (`users`), /getContactMessages (`messages`). `Page` is the paged form, which the
 * admin screens always ask for.
 */
export type Listed<Key extends string, Item> = ListAnswer<Key, Item> & { total?: number; page?: number; limit?: number };
export type Page<Key extends string, Item> = ListAnswer<Key, Item> & { total: number; page: number; limit: number };

/** `POST /phoneCodes`: a code is on its way to the phone (or the newest one sent still works). */
export interface PhoneCodeAnswer {
  message: string;
  /** When the code sent stops working (ISO). */
  expiresAt: string;
}

/** `POST /phoneCodes/verify`: the phone is confirmed; the token goes back as `X-Phone-Token` with this device's orders. */
export interface PhoneTokenAnswer {
  message: string;
  phoneToken: string;
  /** The phone confirmed, as `+233` and 9 digits. */
  phone: string;
  expiresAt: string;
}
