import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PaymentMethod } from '@/shared/constants';
import type { GhanaRegion } from '@/shared/delivery';
import type { MomoNetwork } from '@/shared/momo';
import type { ChargeAttempt } from '@/shared/types';
import { idbStorage } from '../lib/idb-storage';
import { newIdempotencyKey } from '../lib/idempotency-key';

/**
 * What a checkout must not lose to a reload, a dropped answer or an app restart (ARCHITECTURE
 * sections 5 and 6), persisted to IndexedDB:
 * - the billing form as the shopper left it, and the promo they applied;
 * - the attempt: one idempotency key per attempt, kept for retries of the same cart and renewed only
 *   after an order is made or when the cart changes, so a retry never makes a second order;
 * - the Mobile Money payment in progress (order, reference, amount, time), so checking resumes;
 * - guests' order tokens, so a guest can read their order (its confirmation too) after a reload;
 * - phone tokens: a phone this device confirmed by a code, sent as `X-Phone-Token` with
 *   every order (queued ones too) placed with that phone, so its stock is held for long (phone-tokens.ts).
 */

export interface CheckoutForm {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  address: string;
  /* Where a rider finds the shopper, and how the order travels ('' while not given). */
  region: GhanaRegion | '';
  /** A GhanaPost GPS address as typed, normalised on leaving the field (`GA-183-8164`). */
  gpsAddress: string;
  landmark: string;
  /** The delivery option chosen (one of the shop's that serve region and city); '' for none. */
  deliveryOptionId: string;
  paymentMethod: PaymentMethod;
  /** The Mobile Money wallet to charge: prefilled from `phone`, its network detected from the number. */
  momoPhone: string;
  momoNetwork: MomoNetwork | '';
}

export interface AppliedPromo {
  code: string;
  percent: number;
}

interface CheckoutAttempt {
  key: string;
  /** The attempt the key was made for: the cart (see `cartFingerprint`), the method and the delivery. */
  cart: string;
}

type PendingPaymentState =
  /** Waiting for the shopper to pay: checked every 5 s. */
  | 'awaiting'
  /** The payment was declined or abandoned: checking stops until the shopper tries again. */
  | 'failed';

interface PendingPaymentItem {
  productId: string;
  quantity: number;
  /** To name a line that cannot go back into the cart (sold out meanwhile). */
  name?: string;
}

export interface PendingPayment {
  orderId: string;
  orderNumber: string;
  /** The order total in cedis: what Mobile Money charges. */
  amount: number;
  email: string;
  /** Null until `initializePayment` has answered. */
  reference: string | null;
  paymentLink: string | null;
  /** ISO time the order was placed. */
  startedAt: string;
  /** Who placed it: a customer's id, or null for a guest (whose order token is in `orderTokens`). */
  userId: string | null;
  /** What was ordered: a customer's server cart is emptied by the order, so cancelling puts these back. */
  items: PendingPaymentItem[];
  state: PendingPaymentState;
  /**
   * `charge`: approved on the phone from this page (the main path); `page`: on Paystack's page in a
   * tab (the fallback). Payments kept from before the in-app charge have none: the page.
   */
  channel?: 'charge' | 'page';
  /** The wallet the charge goes to (kept to send the same charge again after a lost answer). */
  wallet?: Wallet;
  /** The attempt as the server last described it; null while a start has not been answered. */
  charge?: ChargeAttempt | null;
  /** Why the last charge request was refused (no attempt made): shown until the shopper tries again. */
  chargeError?: string | null;
}

export interface Wallet {
  phone: string;
  network: MomoNetwork;
}

/** A phone confirmed by a code on this device (`POST /phoneCodes/verify`): its token, valid until `expiresAt`. */
export interface PhoneToken {
  token: string;
  expiresAt: string;
}

/** How many guest order tokens a device keeps (the newest). */
const MAX_ORDER_TOKENS = 20;

export const EMPTY_FORM: CheckoutForm = {
  fullName: '',
  email: '',
  phone: '',
  city: '',
  address: '',
  region: '',
  gpsAddress: '',
  landmark: '',
  deliveryOptionId: '',
  paymentMethod: 'Cash on Delivery',
  momoPhone: '',
  momoNetwork: '',
};

interface CheckoutState {
  form: CheckoutForm;
  promo: AppliedPromo | null;
  attempt: CheckoutAttempt | null;
  pendingPayment: PendingPayment | null;
  /** Guest orders' secrets by order id, newest last. */
  orderTokens: Record<string, string>;
  /** Confirmed phones' tokens by phone as the server keys a buyer (`buyerPhone`: `233…`). */
  phoneTokens: Record<string, PhoneToken>;
  setField<K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]): void;
  /** Fills the fields that are still empty (a customer's name and e-mail; their newest order's phone and address). */
  prefill(fields: Partial<CheckoutForm>): void;
  setPromo(promo: AppliedPromo | null): void;
  /**
   * The idempotency key for this attempt: the same one until an order is made or what `cart` names
   * changes (the checkout names the cart, the payment method and the delivery option and fee).
   */
  attemptKey(cart: string): string;
  /** An order was made with the current key: the next checkout gets a new one. */
  finishAttempt(): void;
  rememberOrderToken(orderId: string, token: string): void;
  startPayment(payment: PendingPayment): void;
  updatePayment(patch: Partial<Pick<PendingPayment, 'reference' | 'paymentLink' | 'state' | 'channel' | 'wallet' | 'charge' | 'chargeError'>>): void;
  clearPayment(): void;
  /** Sign-out: nothing of the last shopper stays on the device. */
  reset(): void;
}

/** The cart as the attempt sees it: its products and quantities, in a stable order. */
export function cartFingerprint(items: readonly { productId: string; quantity: number }[]): string {
  return items
    .map((i) => `${i.productId}x${i.quantity}`)
    .sort()
    .join(',');
}

const initialState = {
  form: EMPTY_FORM,
  promo: null,
  attempt: null,
  pendingPayment: null,
  orderTokens: {},
  phoneTokens: {},
} satisfies Partial<CheckoutState>;

export const useCheckout = create<CheckoutState>()(
  persist(
    (set, get) => ({
      ...initialState,

      setField: (field, value) => set((s) => ({ form: { ...s.form, [field]: value } })),

      prefill: (fields) =>
        set((s) => {
          const form = { ...s.form };
          for (const [field, value] of Object.entries(fields) as [keyof CheckoutForm, string][]) {
            if (value && !form[field]) (form as Record<keyof CheckoutForm, string>)[field] = value;
          }
          return { form };
        }),

      setPromo: (promo) => set({ promo }),

      attemptKey(cart) {
        const current = get().attempt;
        if (current && current.cart === cart) return current.key;
        const attempt = { key: newIdempotencyKey(), cart };
        set({ attempt });
        return attempt.key;
      },

      finishAttempt: () => set({ attempt: null, promo: null }),

      rememberOrderToken: (orderId, token) =>
        set((s) => {
          const entries = Object.entries(s.orderTokens).filter(([id]) => id !== orderId);
          entries.push([orderId, token]);
          return { orderTokens: Object.fromEntries(entries.slice(-MAX_ORDER_TOKENS)) };
        }),

      startPayment: (pendingPayment) => set({ pendingPayment }),

      updatePayment: (patch) => set((s) => (s.pendingPayment ? { pendingPayment: { ...s.pendingPayment, ...patch } } : s)),

      clearPayment: () => set({ pendingPayment: null }),

      reset: () => set(initialState),
    }),
    {
      name: 'checkout',
      storage: createJSONStorage(() => idbStorage),
      partialize: ({ form, promo, attempt, pendingPayment, orderTokens, phoneTokens }) => ({ form, promo, attempt, pendingPayment, orderTokens, phoneTokens }),
      // A form kept from before the wallet (or the delivery) fields existed gets them empty.
      merge: (persisted, current) => {
        const kept = (persisted ?? {}) as Partial<CheckoutState>;
        return { ...current, ...kept, form: { ...EMPTY_FORM, ...kept.form } };
      },
    },
  ),
);

/** The header that lets a guest read, pay or cancel their order; none for an order not placed here. */
export function orderTokenHeaders(orderId: string): Record<string, string> {
  const token = useCheckout.getState().orderTokens[orderId];
  return token ? { 'x-order-token': token } : {};
}
