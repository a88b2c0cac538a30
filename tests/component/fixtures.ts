import { act, type ByRoleMatcher, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { catalogueQuery } from '@/client/features/admin/orders/api/get-catalogue';
import { syncCatalogueCopy } from '@/client/lib/catalogue-copy';
import { configureHttp } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { queryClient } from '@/client/lib/query-client';
import { type CartItem, useCart } from '@/client/stores/cart';
import { useCheckout } from '@/client/stores/checkout';
import { useLookedUpOrders } from '@/client/stores/looked-up-orders';
import { useOutbox } from '@/client/stores/outbox';
import { type Session, useSession } from '@/client/stores/session';
import type { AdminCustomer, OutboxMessage, PromoCode } from '@/shared/admin-types';
import type { CatalogueChanges, ProductPageAnswer, StockLevel } from '@/shared/catalogue';
import type { DeliveryOption } from '@/shared/delivery';
import type { AdminOrder, CartAnswer, CartLine, Order, OrderItem, PaymentMethod, Product, ShopSettings } from '@/shared/types';
import { NEW_ORDER } from '../helpers/orders';
import { json } from './api-mock';

let serial = 0;
export function makeProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  return {
    _id: `p${serial}`,
    slug: `product-${serial}`,
    name: `Product ${serial}`,
    description: `Description of product ${serial}`,
    category: 'Skin',
    price: 50,
    stock: 10,
    productImageUrls: [`/uploads/img${serial}-640.webp`],
    createdAt: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    newArrival: false,
    rating: null,
    ratingCount: 0,
    unitsSold: 0,
    maxPerOrder: null,
    ...overrides,
  };
}

/** The shop's settings as GET /api/settings sends them: on Facebook and Instagram only. */
export const SHOP_SETTINGS: ShopSettings = {
  shopName: 'Nkuto Naturals',
  email: 'hello@nkutonaturals.com.gh',
  phone: '+233 24 123 4567',
  whatsapp: '233241234567',
  address: '14 Oxford Street, Osu, Accra, Ghana',
  logo: null,
  socials: { facebook: 'https://www.facebook.com/nkutonaturals', instagram: 'https://www.instagram.com/nkutonaturals' },
  delivery: [],
  demoShop: false,
  payments: { mobileMoney: true, testPayments: false },
  passwordReset: { email: true, sms: true },
  vitalsSamplePercent: 100,
};

/** Akosua, signed in as a customer: the API mock sees `Bearer tok-123`. */
export const CUSTOMER_SESSION: Session = { token: 'tok-123', role: 'customer', userId: 'u1', fullName: 'Akosua Mensah', email: 'akosua@example.com' };

/** Akosua's account as an order names it. */
export const CUSTOMER_USER: NonNullable<Order['user']> = { _id: CUSTOMER_SESSION.userId, fullName: CUSTOMER_SESSION.fullName, email: CUSTOMER_SESSION.email };

/** Valid billing details as a guest types them at the checkout (the phone with spaces, as typed). */
export const BILLING = { fullName: 'Kwame Boateng', email: 'kwame@example.com', phone: '024 123 4567', city: 'Kumasi', address: '12 Prempeh II Street, Adum' };

/** Two lines of a cart: shea butter (×2, ₵45.50, 5 in stock) and black soap (×1, ₵30, 10 in stock). */
export const SHEA: CartItem = { productId: 'p-shea', name: 'Raw Shea Butter', price: 45.5, image: null, quantity: 2, stock: 5 };
export const SOAP: CartItem = { productId: 'p-soap', name: 'African Black Soap', price: 30, image: null, quantity: 1, stock: 10 };

/** A line of the server cart holding `item` (`quantity` of it, the item's own by default). */
export const cartLineOf = (item: CartItem, quantity = item.quantity): CartLine => ({
  _id: `line-${item.productId}`,
  quantity,
  product: {
    _id: item.productId,
    // Undefined for an item without one, so the cart the answer makes equals the items it came from.
    slug: item.slug as string,
    name: item.name,
    price: item.price,
    stock: item.stock,
    productImageUrls: item.image ? [item.image] : [],
    maxPerOrder: item.maxPerOrder ?? null,
  },
});

/** GET getMyCart's answer: the server cart holding these lines. */
export const cartAnswerOf = (...items: CartItem[]): CartAnswer => ({ Cart: [{ items: items.map((item) => cartLineOf(item)) }] });

/** A cart line as the order keeps it, bought at the cart's price. */
export const orderLineOf = (item: CartItem): OrderItem => ({
  product: { _id: item.productId, name: item.name, price: item.price, productImageUrls: item.image ? [item.image] : [] },
  priceAtPurchase: item.price,
  quantity: item.quantity,
});

/** The text of each element with `role` in `container`, in order (a table's column headers, a select's options, a row's cells). */
export const textsOf = (container: HTMLElement, role: ByRoleMatcher) =>
  within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);

/** The delivery details an order keeps (and copies into `paymentMethod`). */
export type OrderContact = Pick<Order, 'fullName' | 'email' | 'phone' | 'address' | 'city'>;

/** Akosua's delivery details, the phone as the server stores it. */
export const CUSTOMER_CONTACT: OrderContact = {
  fullName: 'Akosua Mensah',
  email: 'akosua@example.com',
  phone: '0241234567',
  address: '14 Oxford Street, Osu',
  city: 'Accra',
};

/**
 * An order as the API sends it. By default Akosua's order NK-7K3Q9P (o1) placed on 22 Nov 2026 at
 * 09:15 UTC: shea butter (now ₵48, bought at ₵45.50, with an image) ×2 and black soap ×1, ₵121,
 * cash on delivery, pending. `contact` sets the delivery details and their copy in `paymentMethod`,
 * `paymentMethod` the method chosen; `overrides` replace whole fields last.
 */
export function makeOrder(
  overrides: Partial<Order> = {},
  { contact = CUSTOMER_CONTACT, paymentMethod = 'Cash on Delivery' }: { contact?: OrderContact; paymentMethod?: PaymentMethod } = {},
): Order {
  return {
    _id: 'o1',
    orderNumber: 'NK-7K3Q9P',
    createdAt: '2026-11-22T09:15:00.000Z',
    ...NEW_ORDER,
    // A list of the order's own, which a test may change.
    refunds: [],
    subtotal: 121,
    total: 121,
    user: CUSTOMER_USER,
    ...contact,
    paymentMethod: { ...contact, paymentMethod },
    items: [
      { product: { _id: 'p-shea', name: 'Raw Shea Butter', price: 48, productImageUrls: ['/uploads/shea-640.webp'] }, priceAtPurchase: 45.5, quantity: 2 },
      orderLineOf(SOAP),
    ],
    holdExpiresAt: null,
    verification: 'verified',
    stockHeld: true,
    stockReleaseAt: null,
    paidAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

/** The whole catalogue as the admin's order entry just read it (a page showing it needs no call). */
export function givenCatalogue(products: Product[]): void {
  queryClient.setQueryData(catalogueQuery().queryKey, products);
}

/** `GET /catalogueChanges`' answer: the whole catalogue at `version`, or what changed since. */
export const catalogueChangesOf = (
  products: Product[],
  { version = 'v1', full = true, deleted = [] as string[], stock = [] as StockLevel[] } = {},
): CatalogueChanges => ({
  version,
  full,
  products,
  deleted,
  stock,
});

/**
 * The phone holds a complete copy of the catalogue (lib/catalogue-copy.ts), saved the way a first
 * visit saves it: through its own sync, here answered by a fetch of its own (call it before the
 * test's mockApi: it puts fetch back as it was).
 */
export async function givenPhoneCopy(products: Product[], version = 'v1'): Promise<void> {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(catalogueChangesOf(products, { version })));
  await syncCatalogueCopy();
  fetch.mockRestore();
}

/** `GET /products`' answer: one page, the last unless `nextCursor` says otherwise. */
export const productPageOf = (data: Product[], { total = data.length, nextCursor = null as string | null } = {}): ProductPageAnswer => ({
  data,
  total,
  nextCursor,
});

/** The shop's settings as the server just sent them. */
export function givenShopSettings(settings: ShopSettings): void {
  queryClient.setQueryData(shopSettingsQuery().queryKey, settings);
}

/** An order as the admin's answers send it: `makeOrder`'s (same options), with no open flag or dispute. */
export function makeAdminOrder(overrides: Partial<AdminOrder> = {}, options: Parameters<typeof makeOrder>[1] = {}): AdminOrder {
  return { ...makeOrder({}, options), flags: [], disputes: [], enteredByAdmin: false, ...overrides };
}

/**
 * A message of the outbox as the admin's answers send it. By default the SMS 'Order received' to
 * Akosua about NK-7K3Q9P (o1), sent on 22 Nov 2026 at 09:16 UTC.
 */
export function makeOutboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    _id: 'msg1',
    orderId: 'o1',
    orderNumber: 'NK-7K3Q9P',
    kind: 'order_received',
    audience: 'shopper',
    channel: 'sms',
    recipient: '+233241234567',
    subject: null,
    body: 'Nkuto Naturals: we have your order NK-7K3Q9P.\nSee it at https://nkuto.example/o/abc',
    status: 'sent',
    attempts: 1,
    lastError: null,
    provider: 'hubtel',
    createdAt: '2026-11-22T09:16:00.000Z',
    sentAt: '2026-11-22T09:16:05.000Z',
    nextAttemptAt: null,
    resends: 0,
    resentAt: null,
    ...overrides,
  };
}

/** The stores as a fresh page has them: nobody signed in, an empty cart, nothing loaded. */
export function resetStores() {
  useCart.setState({ items: [] });
  useCheckout.getState().reset();
  useLookedUpOrders.getState().reset();
  useSession.setState({ session: null });
  queryClient.clear();
  useOutbox.setState({ entries: [], sent: [] });
}

/**
 * Every test of the file on fake timers that follow the real clock (userEvent: `advanceTimers`),
 * with fresh stores; afterwards no toast, mock or fake clock is left over.
 */
export function fakeTimersAndFreshStores() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetStores();
  });

  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** As main.tsx wires the one HTTP client: the signed-in shopper's token on every call; afterwards none. */
export function sessionTokenOnCalls() {
  beforeEach(() => configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: () => {} }));
  afterEach(() => configureHttp({ token: () => null, unauthorized: () => {} }));
}

/** Every test of the file with `session` signed in and its token on every call (after the stores are reset). */
export function signedInAs(session: Session) {
  sessionTokenOnCalls();
  beforeEach(() => useSession.setState({ session }));
}

/**
 * Every test of the file starts with no toast and fresh stores, the guest cart gone from IndexedDB
 * too; afterwards no mock is left over.
 */
export function freshStoresAndStorage() {
  beforeEach(async () => {
    toast.remove();
    await useCart.persist.clearStorage();
    await useCheckout.persist.clearStorage();
    await useLookedUpOrders.persist.clearStorage();
    await useOutbox.persist.clearStorage();
    resetStores();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/**
 * freshStoresAndStorage, the signed-in shopper's token on every call, and the guest order tokens read
 * back from IndexedDB before anything uses them (as the app does on start).
 */
export function freshStoresWithOrderTokens() {
  freshStoresAndStorage();
  sessionTokenOnCalls();
  beforeEach(async () => {
    await useCheckout.persist.rehydrate();
    await useLookedUpOrders.persist.rehydrate();
  });
}

/** A delivery option as GET /api/settings sends it: by default free, every region and town, paid with the order, on. */
export function makeDeliveryOption(overrides: Partial<DeliveryOption> & Pick<DeliveryOption, '_id' | 'name'>): DeliveryOption {
  return { regions: [], cities: [], fee: 0, freeFrom: null, eta: '', feePaidWith: 'order', pickup: false, active: true, ...overrides };
}

/** A promo code as GET /api/promoCodes sends it: by default on, without limits, unused, made on 1 Nov 2026. */
export function makePromoCode(overrides: Partial<PromoCode> & Pick<PromoCode, 'code' | 'percent'>): PromoCode {
  return {
    active: true,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    onePerCustomer: false,
    uses: 0,
    state: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A customer account as the admin's lists answer it: Akosua, joined in March, no orders, no phone or address yet. */
export function makeAdminCustomer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  const createdAt = '2026-03-05T10:00:00.000Z';
  return {
    _id: 'u1',
    fullName: 'Akosua Mensah',
    avatar: null,
    email: 'akosua@example.com',
    role: 'customer',
    createdAt,
    joinDate: createdAt,
    orderCount: 0,
    totalSpent: 0,
    phone: null,
    accountPhone: null,
    kind: 'account',
    lastOrderDate: null,
    address: null,
    ...overrides,
  };
}
