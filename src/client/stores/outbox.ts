import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { OrderDetails } from '../lib/api/create-order';
import { idbStorage } from '../lib/idb-storage';
import type { CartItem } from './cart-item';

/**
 * What this phone still has to tell the server (ARCHITECTURE section 6), persisted to IndexedDB so a
 * reload, a closed tab or a restart loses none of it, and sent in order by `flushOutbox` (sync.ts):
 * - a signed-in customer's cart changes made offline, as absolute `setCartItem` calls (replaying one
 *   twice changes nothing);
 * - Cash-on-Delivery orders placed offline, each with the idempotency key it was made with, so it is
 *   created exactly once however often it is sent.
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
