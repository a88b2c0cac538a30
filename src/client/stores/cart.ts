import toast from 'react-hot-toast';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { LIMITS, mostPerOrder } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { quantityRefusal } from '@/shared/order-limits';
import type { CartAnswer, CartLine, MergeCartAnswer, Product } from '@/shared/types';
import { ApiFailure, apiCall, http } from '../lib/http';
import { idbStorage } from '../lib/idb-storage';
import { requestPersistentStorage } from '../lib/persistent-storage';
import type { CartItem } from './cart-item';
import { entriesOf, useOutbox } from './outbox';
import { useSession } from './session';

export type { CartItem } from './cart-item';

/** What the cart keeps of a product; `maxPerOrder` missing means the product has no limit of its own. */
export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'stock' | 'productImageUrls'> & { maxPerOrder?: number | null };

interface CartState {
  items: CartItem[];
  /** Product ids whose change is being saved: their rows show a spinner and are disabled. */
  saving: string[];
  add(product: CartProduct, quantity?: number): Promise<boolean>;
  setQuantity(productId: string, quantity: number): Promise<boolean>;
  remove(productId: string): Promise<boolean>;
  clear(): Promise<boolean>;
  /** The signed-in customer's server cart. */
  load(): Promise<void>;
  /** Puts lines back (a queued order the server refused), adding to what is there, within the stock. */
  restore(items: CartItem[]): void;
  /** After sign-in: the guest cart goes into the server cart, then the local copy is emptied. */
  mergeGuestCart(): Promise<void>;
  /** Sign-out: nothing of the last user stays on the device. */
  reset(): void;
}

/**
 * The spec's out-of-stock toast: top-right, 3000 ms, in its "coloured theme", which we read as a
 * filled error colour (ARCHITECTURE §8; react-hot-toast has no themes): the theme's danger red
 * (`vars.color.danger`, #a61b1b) behind white text, 7.5:1. Literal colours, not the theme's
 * variables, so the toast needs no stylesheet and its contrast can be checked where it is rendered.
 */
export const OUT_OF_STOCK_TOAST = {
  id: 'out-of-stock',
  position: 'top-right',
  duration: 3000,
  style: { background: '#a61b1b', color: '#ffffff' },
  iconTheme: { primary: '#ffffff', secondary: '#a61b1b' },
} as const;

const stockLimit = (stock: number | undefined): number => (stock === undefined || stock === null ? LIMITS.maxQuantity : stock);

/** The most one order may take of a cart line's product: its stock, the cap of 100 and its own limit (issue 22). */
export const lineLimit = (item: Pick<CartItem, 'stock' | 'maxPerOrder'>): number =>
  mostPerOrder({ stock: stockLimit(item.stock), maxPerOrder: item.maxPerOrder });

/**
 * The product's own "most per order" when it is what stops the shopper (below the stock), for the
 * note 'At most N per order' beside a quantity input; otherwise null (the stock note says enough).
 */
export const ownOrderLimit = (product: { stock: number; maxPerOrder?: number | null }): number | null =>
  product.maxPerOrder != null && product.maxPerOrder < product.stock ? product.maxPerOrder : null;

const fromLine = (line: CartLine): CartItem => ({
  productId: line.product._id,
  name: line.product.name,
  price: line.product.price,
  image: line.product.productImageUrls[0] ?? null,
  quantity: line.quantity,
  stock: line.product.stock,
  maxPerOrder: line.product.maxPerOrder ?? null,
  lineId: line._id,
});

const itemsOf = (answer: CartAnswer): CartItem[] => answer.Cart[0]?.items.map(fromLine) ?? [];
const signedIn = () => useSession.getState().session !== null;

const itemOf = (product: CartProduct, quantity: number): CartItem => ({
  productId: product._id,
  name: product.name,
  price: product.price,
  image: product.productImageUrls[0] ?? null,
  quantity,
  stock: stockLimit(product.stock),
  maxPerOrder: product.maxPerOrder ?? null,
});

/** The cart with one product at an absolute quantity (0 removes it). */
function withQuantity(items: CartItem[], productId: string, quantity: number, product?: CartProduct): CartItem[] {
  if (quantity <= 0) return items.filter((i) => i.productId !== productId);
  // A product given refreshes the line's name, price and stock too.
  if (items.some((i) => i.productId === productId))
    return items.map((i) => (i.productId === productId ? { ...i, ...(product ? itemOf(product, quantity) : {}), quantity } : i));
  return product ? [...items, itemOf(product, quantity)] : items;
}

/**
 * A customer's change waits in the outbox when there is no connection, and also while older changes
 * still wait there: sent directly, a newer quantity could be overwritten by an older one.
 */
const mustQueue = (userId: string) => !navigator.onLine || entriesOf(useOutbox.getState().entries, userId).length > 0;

/** No answer came back: the change may or may not have reached the server, so it is queued. */
const isNetworkFailure = (error: unknown) => error instanceof ApiFailure && error.status === 0;

/**
 * Refuses what the stock or the per-order limit cannot cover, with the server's texts in the
 * server's order (sold out, short, over the limit); true when the quantity is fine.
 */
function checkQuantity(item: { name?: string; stock: number; maxPerOrder?: number | null }, wanted: number): boolean {
  const problem = quantityRefusal(item, wanted);
  if (problem) toast.error(problem, problem === MESSAGES.outOfStock ? OUT_OF_STOCK_TOAST : { id: `stock-${item.name ?? ''}` });
  return problem === undefined;
}

/** Where the cart is kept on the phone (IndexedDB, idb-keyval's default store). */
const CART_STORAGE_KEY = 'guestCartItems';

/**
 * Resolves once the cart's last change is written: a read of the same entry waits for the write
 * queued before it (IndexedDB runs a store's transactions in order).
 */
const keptOnThisPhone = (): Promise<void> =>
  Promise.resolve(idbStorage.getItem(CART_STORAGE_KEY)).then(
    () => undefined,
    () => undefined,
  );

export const useCart = create<CartState>()(
  persist(
    (set, get) => {
      /** Runs one save for a product, marking its row busy; the toast tells the outcome. */
      const saving = async (productId: string, run: () => Promise<void>, failure: string): Promise<boolean> => {
        set((s) => ({ saving: [...s.saving, productId] }));
        try {
          await run();
          return true;
        } catch (error) {
          toast.error(error instanceof Error && error.message ? error.message : failure);
          return false;
        } finally {
          set((s) => ({ saving: s.saving.filter((id) => id !== productId) }));
        }
      };

      /**
       * One product to an absolute quantity: for a guest on the phone only; for a customer through
       * `send` (the server answers the whole cart), or into the outbox when offline or unanswered.
       */
      const change = async (productId: string, quantity: number, product: CartProduct | undefined, send: () => Promise<CartItem[]>) => {
        const userId = useSession.getState().session?.userId;
        if (userId && !mustQueue(userId)) {
          try {
            set({ items: await send() });
            return;
          } catch (error) {
            if (!isNetworkFailure(error)) throw error;
          }
        }
        const item = get().items.find((i) => i.productId === productId) ?? (product && itemOf(product, quantity));
        set((s) => ({ items: withQuantity(s.items, productId, quantity, product) }));
        if (userId && item) useOutbox.getState().queueCartChange({ userId, productId, quantity, name: item.name });
      };

      /** Every line of a customer's cart to the same quantity, through the outbox. */
      const queueAll = (userId: string, quantity: number) => {
        for (const i of get().items) useOutbox.getState().queueCartChange({ userId, productId: i.productId, quantity, name: i.name });
      };

      return {
        items: [],
        saving: [],

        async add(product, quantity = 1) {
          if (!product._id) {
            toast.error(MESSAGES.invalidProduct);
            return false;
          }
          const stock = stockLimit(product.stock);
          const current = get().items.find((i) => i.productId === product._id)?.quantity ?? 0;
          if (!checkQuantity({ name: product.name, stock, maxPerOrder: product.maxPerOrder }, current + quantity)) return false;
          return saving(
            product._id,
            async () => {
              await change(product._id, current + quantity, product, async () =>
                itemsOf(await apiCall(() => http.post('addToCart', { json: { productId: product._id, quantity } }).json<CartAnswer>(), MESSAGES.cartAddFailed)),
              );
              // 'Added' once it is kept on the phone: a reload right after the toast still has it.
              await keptOnThisPhone();
              toast.success(MESSAGES.addedToCart(product.name));
              requestPersistentStorage();
            },
            MESSAGES.cartAddFailed,
          );
        },

        async setQuantity(productId, quantity) {
          if (quantity <= 0) return get().remove(productId);
          const item = get().items.find((i) => i.productId === productId);
          if (!item) return false;
          if (!checkQuantity(item, quantity)) return false;
          return saving(
            productId,
            async () => {
              // An absolute quantity: replaying it changes nothing (the offline outbox relies on that).
              await change(productId, quantity, undefined, async () =>
                itemsOf(await apiCall(() => http.post('setCartItem', { json: { productId, quantity } }).json<CartAnswer>(), MESSAGES.cartUpdateFailed)),
              );
              toast.success(MESSAGES.quantityUpdated);
            },
            MESSAGES.cartUpdateFailed,
          );
        },

        async remove(productId) {
          const item = get().items.find((i) => i.productId === productId);
          if (!item) return false;
          return saving(
            productId,
            async () => {
              await change(productId, 0, undefined, async () => {
                const answer = item.lineId
                  ? await apiCall(() => http.delete(`removeCartItemById/${item.lineId}`).json<CartAnswer>(), MESSAGES.cartRemoveFailed)
                  : await apiCall(() => http.post('setCartItem', { json: { productId, quantity: 0 } }).json<CartAnswer>(), MESSAGES.cartRemoveFailed);
                return itemsOf(answer);
              });
              toast.success(MESSAGES.itemRemoved);
            },
            MESSAGES.cartRemoveFailed,
          );
        },

        async clear() {
          return saving(
            '*',
            async () => {
              const userId = useSession.getState().session?.userId;
              if (userId && !mustQueue(userId)) {
                try {
                  await apiCall(() => http.delete('clearCart').json<CartAnswer>(), MESSAGES.cartClearFailed);
                } catch (error) {
                  if (!isNetworkFailure(error)) throw error;
                  queueAll(userId, 0);
                }
              } else if (userId) queueAll(userId, 0);
              set({ items: [] });
              toast.success(MESSAGES.cartCleared);
            },
            MESSAGES.cartClearFailed,
          );
        },

        async load() {
          const userId = useSession.getState().session?.userId;
          // Changes or an order still waiting in the outbox are newer than the server cart.
          if (!userId || entriesOf(useOutbox.getState().entries, userId).length > 0) return;
          try {
            const answer = await apiCall(() => http.get('getMyCart').json<CartAnswer>(), MESSAGES.cartFetchFailed);
            set({ items: itemsOf(answer) });
          } catch (error) {
            // A 401 has already signed the user out (and emptied the cart); anything else is said.
            if (signedIn()) toast.error(error instanceof Error ? error.message : MESSAGES.cartFetchFailed);
          }
        },

        async mergeGuestCart() {
          const guestItems = get().items.filter((i) => !i.lineId);
          if (guestItems.length === 0) return get().load();
          try {
            const answer = await apiCall(
              () =>
                http.post('mergeCart', { json: { items: guestItems.map((i) => ({ productId: i.productId, quantity: i.quantity })) } }).json<MergeCartAnswer>(),
              MESSAGES.cartSyncFailed,
            );
            set({ items: itemsOf(answer) });
            const names = new Map(guestItems.map((i) => [i.productId, i.name]));
            for (const line of [...answer.skipped, ...answer.adjusted]) toast.error(`${names.get(line.productId) ?? 'An item'}: ${line.reason}`);
          } catch (error) {
            toast.error(error instanceof Error ? error.message : MESSAGES.cartSyncFailed);
            await get().load();
          }
        },

        restore(lines) {
          set((s) => {
            let items = s.items;
            for (const line of lines) {
              const current = items.find((i) => i.productId === line.productId)?.quantity ?? 0;
              const quantity = Math.min(current + line.quantity, lineLimit(line));
              items = current > 0 ? withQuantity(items, line.productId, quantity) : [...items, { ...line, quantity, lineId: undefined }];
            }
            return { items };
          });
        },

        reset() {
          set({ items: [], saving: [] });
        },
      };
    },
    {
      // The spec's key; it also mirrors the server cart after a fetch.
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => idbStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);

export const cartCount = (items: CartItem[]): number => items.reduce((sum, i) => sum + i.quantity, 0);
