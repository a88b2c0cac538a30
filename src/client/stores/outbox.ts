import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { DeliveryFeePaidWith, DeliveryOption } from '@/shared/delivery';
import type { OrderDetails } from '../lib/api/create-order';
import { idbStorage } from '../lib/idb-storage';
import { newIdempotencyKey } from '../lib/idempotency-key';
import type { CartItem } from './cart-item';

/**
 * What this phone still has to tell the server (ARCHITECTURE section 6), persisted to IndexedDB so a
 * reload, a closed tab or a restart loses none of it, and sent in order by `flushOutbox` (sync.ts):
 * - a signed-in customer's cart changes made offline, as absolute `setCartItem` calls (replaying one
 *   twice changes nothing);
 * - Cash-on-Delivery orders placed offline, each with the idempotency key it was made with, so it is
 *   created exactly once however often it is sent. One the server refused because the shop's delivery
 *   changed meanwhile (a 409 with the delivery as it is now) waits for the shopper's answer: placed
 *   again at the new fee, or with another option, under a new key; or cancelled. Never a different
 *   charge in silence.
 */
interface QueuedCartChange {
  id: string;
  kind: 'cart';
  userId: string;
  productId: string;
  quantity: number;
  /** To name the line in a toast if the server refuses the change. */
  name: string;
}

/** The delivery option as the checkout showed it with the order (`details` holds its id and fee). */
export interface QueuedDelivery {
  name: string;
  fee: number;
  feePaidWith: DeliveryFeePaidWith;
}

/** The server's 409 about the order's delivery: its words, the fee now (null: choose again) and the shop's options now. */
export interface AwaitingConfirmation {
  message: string;
  fee: number | null;
  options: DeliveryOption[];
}

export interface QueuedOrder {
  id: string;
  kind: 'order';
  key: string;
  /** The customer who placed it, or null for a guest. */
  userId: string | null;
  details: OrderDetails;
  /** The cart it was placed with: a guest order sends it; a refused order puts it back in the cart. */
  items: CartItem[];
  /** ISO time it was placed. */
  queuedAt: string;
  /** The goods after the promo discount, in cedis (what a free-from threshold looks at); absent in entries queued by older versions of the app. */
  goods?: number;
  /** The delivery option chosen, as shown; absent: none (none offered, or none served the address). */
  delivery?: QueuedDelivery;
  /** Refused for its delivery: not sent again until the shopper confirms (`confirmDelivery`) or cancels. */
  awaitingConfirmation?: AwaitingConfirmation;
  /** The `X-Phone-Token` of the order's phone when this device had confirmed it, sent with the order like its key. */
  proof?: Record<string, string>;
}

export type OutboxEntry = QueuedCartChange | QueuedOrder;

/** An order that went through this visit: its checkout screen shows the confirmation. */
interface SentOrder {
  entryId: string;
  orderId: string;
}

interface OutboxState {
  entries: OutboxEntry[];
  sent: SentOrder[];
  queueCartChange(change: Omit<QueuedCartChange, 'id' | 'kind'>): void;
  queueOrder(order: Omit<QueuedOrder, 'id' | 'kind' | 'queuedAt'>): QueuedOrder;
  remove(id: string): void;
  /** The server refused the order for its delivery: it stays, unsent, until the shopper answers. */
  awaitConfirmation(id: string, awaiting: AwaitingConfirmation): void;
  /**
   * The shopper's answer: the order again with this delivery option and the fee now shown (or with
   * none, `null`), under a new idempotency key (the old one belongs to the refused request).
   */
  confirmDelivery(id: string, choice: ({ optionId: string } & QueuedDelivery) | null): void;
  markSent(sent: SentOrder): void;
  /** Logging out: the user's queued changes and orders go with them. */
  dropUser(userId: string): void;
}

const newId = () => `ob-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const useOutbox = create<OutboxState>()(
  persist(
    (set) => ({
      entries: [],
      sent: [],

      queueCartChange: (change) =>
        set((s) => {
          // Only the newest absolute quantity matters, unless an order was queued after the older one
          // (that order is made from the cart as it was then).
          const lastOrder = s.entries.findLastIndex((e) => e.kind === 'order');
          const kept = s.entries.filter(
            (e, index) => index <= lastOrder || !(e.kind === 'cart' && e.userId === change.userId && e.productId === change.productId),
          );
          return { entries: [...kept, { ...change, id: newId(), kind: 'cart' }] };
        }),

      queueOrder(order) {
        const entry: QueuedOrder = { ...order, id: newId(), kind: 'order', queuedAt: new Date().toISOString() };
        set((s) => ({ entries: [...s.entries, entry] }));
        return entry;
      },

      remove: (id) => set((s) => ({ entries: s.entries.filter((e) => e.id !== id) })),

      awaitConfirmation: (id, awaiting) =>
        set((s) => ({ entries: s.entries.map((e) => (e.id === id && e.kind === 'order' ? { ...e, awaitingConfirmation: awaiting } : e)) })),

      confirmDelivery: (id, choice) =>
        set((s) => ({
          entries: s.entries.map((e) => {
            if (e.id !== id || e.kind !== 'order') return e;
            const { deliveryOptionId: _id, deliveryFee: _fee, ...details } = e.details;
            const { awaitingConfirmation: _awaiting, delivery: _delivery, ...rest } = e;
            if (!choice) return { ...rest, key: newIdempotencyKey(), details };
            const { optionId, ...delivery } = choice;
            return { ...rest, key: newIdempotencyKey(), details: { ...details, deliveryOptionId: optionId, deliveryFee: choice.fee }, delivery };
          }),
        })),

      markSent: (sent) => set((s) => ({ sent: [...s.sent.slice(-9), sent] })),

      dropUser: (userId) => set((s) => ({ entries: s.entries.filter((e) => e.userId !== userId) })),
    }),
    {
      name: 'outbox',
      storage: createJSONStorage(() => idbStorage),
      partialize: ({ entries }) => ({ entries }),
    },
  ),
);

/** The user's entries (a guest's orders for null). */
export const entriesOf = (entries: OutboxEntry[], userId: string | null) => entries.filter((e) => e.userId === userId);

export const queuedOrdersOf = (entries: OutboxEntry[], userId: string | null): QueuedOrder[] =>
  entries.filter((e): e is QueuedOrder => e.kind === 'order' && e.userId === userId);

/**
 * The next entry to send for this session (a guest's orders go under any): the oldest that is not
 * waiting for the shopper's answer. A customer's entries behind their own waiting order wait too:
 * the order is made from their server cart, which those changes would alter first.
 */
export function nextToSend(entries: OutboxEntry[], userId: string | null): OutboxEntry | undefined {
  const held = new Set<string>();
  for (const entry of entries) {
    if (entry.userId !== null && entry.userId !== userId) continue;
    if (entry.userId !== null && held.has(entry.userId)) continue;
    if (entry.kind === 'order' && entry.awaitingConfirmation) {
      if (entry.userId !== null) held.add(entry.userId);
      continue;
    }
    return entry;
  }
  return undefined;
}
