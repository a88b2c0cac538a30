import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { idbStorage } from '../lib/idb-storage';

/** How many looked-up orders a device keeps (the newest), as many as guest order tokens. */
const MAX_LOOKED_UP = 20;

/**
 * Orders found with 'Find an order', kept on this device so /orders lists them again: each
 * order's id and the short link code that reads it (`GET /orderByLink/{code}`, `/o/{code}`). The code
 * is what the server answered, so the device keeps no phone or e-mail. IndexedDB, like the checkout.
 */
interface LookedUpOrdersState {
  /** Link codes by order id, newest last. */
  lookedUpOrders: Record<string, string>;
  remember(orderId: string, code: string): void;
  /** The link no longer opens the order (run out, or the order is gone). */
  forget(orderId: string): void;
  /** Sign-out: nothing of the last shopper stays on the device. */
  reset(): void;
}

export const useLookedUpOrders = create<LookedUpOrdersState>()(
  persist(
    (set) => ({
      lookedUpOrders: {},
      remember: (orderId, code) =>
        set((s) => {
          const entries = Object.entries(s.lookedUpOrders).filter(([id]) => id !== orderId);
          entries.push([orderId, code]);
          return { lookedUpOrders: Object.fromEntries(entries.slice(-MAX_LOOKED_UP)) };
        }),
      forget: (orderId) =>
        set((s) => {
          if (!Object.hasOwn(s.lookedUpOrders, orderId)) return s;
          const { [orderId]: _gone, ...kept } = s.lookedUpOrders;
          return { lookedUpOrders: kept };
        }),
      reset: () => set({ lookedUpOrders: {} }),
    }),
    {
      name: 'looked-up-orders',
      storage: createJSONStorage(() => idbStorage),
      partialize: ({ lookedUpOrders }) => ({ lookedUpOrders }),
    },
  ),
);
