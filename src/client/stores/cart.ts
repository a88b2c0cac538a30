import toast from 'react-hot-toast';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import type { CartAnswer, CartLine, MergeCartAnswer, Product } from '../../shared/types';
import { apiCall, http } from '../lib/http';
import { idbStorage } from '../lib/idb-storage';
import { useSession } from './session';

/** One cart line as the screens show it (spec section 3: cart item). */
export interface CartItem {
  productId: string;
  name: string;
  price: number;
  image: string | null;
  quantity: number;
  stock: number;
  /** The server's line id, for signed-in carts. */
  lineId?: string;
}

export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'stock' | 'productImageUrls'>;

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
  /** After sign-in: the guest cart goes into the server cart, then the local copy is emptied. */
  mergeGuestCart(): Promise<void>;
  /** Sign-out: nothing of the last user stays on the device. */
  reset(): void;
}

const OUT_OF_STOCK_TOAST = { id: 'out-of-stock', position: 'top-right', duration: 3000 } as const;

export const stockLimit = (stock: number | undefined): number => (stock === undefined || stock === null ? LIMITS.maxQuantity : stock);

const fromLine = (line: CartLine): CartItem => ({
  productId: line.product._id,
  name: line.product.name,
  price: line.product.price,
  image: line.product.productImageUrls[0] ?? null,
  quantity: line.quantity,
  stock: line.product.stock,
  lineId: line._id,
});

const itemsOf = (answer: CartAnswer): CartItem[] => answer.Cart[0]?.items.map(fromLine) ?? [];
const signedIn = () => useSession.getState().session !== null;

/** Refuses what the stock cannot cover, with the spec's texts; true when the quantity is fine. */
function checkStock(name: string | undefined, stock: number, wanted: number): boolean {
  if (stock <= 0) {
    toast.error(MESSAGES.outOfStock, OUT_OF_STOCK_TOAST);
    return false;
  }
  if (wanted > stock) {
    toast.error(MESSAGES.onlyNInStock(stock), { id: `stock-${name ?? ''}` });
    return false;
  }
  return true;
}

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
          if (!checkStock(product.name, stock, current + quantity)) return false;
          return saving(
            product._id,
            async () => {
              if (signedIn()) {
                const answer = await apiCall(
                  () => http.post('addToCart', { json: { productId: product._id, quantity } }).json<CartAnswer>(),
                  'Failed to add to cart',
                );
                set({ items: itemsOf(answer) });
              } else {
                const item: CartItem = {
                  productId: product._id,
                  name: product.name,
                  price: product.price,
                  image: product.productImageUrls[0] ?? null,
                  quantity: current + quantity,
                  stock,
                };
                set((s) => ({
                  items: current > 0 ? s.items.map((i) => (i.productId === product._id ? { ...i, ...item } : i)) : [...s.items, item],
                }));
              }
              toast.success(MESSAGES.addedToCart(product.name));
            },
            'Failed to add to cart',
          );
        },

        async setQuantity(productId, quantity) {
          if (quantity <= 0) return get().remove(productId);
          const item = get().items.find((i) => i.productId === productId);
          if (!item) return false;
          if (!checkStock(item.name, item.stock, quantity)) return false;
          return saving(
            productId,
            async () => {
              if (signedIn()) {
                // An absolute quantity: replaying it changes nothing (and the offline outbox relies on that).
                const answer = await apiCall(() => http.post('setCartItem', { json: { productId, quantity } }).json<CartAnswer>(), 'Failed to update quantity');
                set({ items: itemsOf(answer) });
              } else {
                set((s) => ({ items: s.items.map((i) => (i.productId === productId ? { ...i, quantity } : i)) }));
              }
              toast.success(MESSAGES.quantityUpdated);
            },
            'Failed to update quantity',
          );
        },

        async remove(productId) {
          const item = get().items.find((i) => i.productId === productId);
          if (!item) return false;
          return saving(
            productId,
            async () => {
              if (signedIn()) {
                const answer = item.lineId
                  ? await apiCall(() => http.delete(`removeCartItemById/${item.lineId}`).json<CartAnswer>(), 'Failed to remove item')
                  : await apiCall(() => http.post('setCartItem', { json: { productId, quantity: 0 } }).json<CartAnswer>(), 'Failed to remove item');
                set({ items: itemsOf(answer) });
              } else {
                set((s) => ({ items: s.items.filter((i) => i.productId !== productId) }));
              }
              toast.success(MESSAGES.itemRemoved);
            },
            'Failed to remove item',
          );
        },

        async clear() {
          return saving(
            '*',
            async () => {
              if (signedIn()) await apiCall(() => http.delete('clearCart').json<CartAnswer>(), 'Failed to clear cart');
              set({ items: [] });
              toast.success(MESSAGES.cartCleared);
            },
            'Failed to clear cart',
          );
        },

        async load() {
          if (!signedIn()) return;
          try {
            const answer = await apiCall(() => http.get('getMyCart').json<CartAnswer>(), 'Failed to fetch cart');
            set({ items: itemsOf(answer) });
          } catch (error) {
            // A 401 has already signed the user out (and emptied the cart); anything else is said.
            if (signedIn()) toast.error(error instanceof Error ? error.message : 'Failed to fetch cart');
          }
        },

        async mergeGuestCart() {
          const guestItems = get().items.filter((i) => !i.lineId);
          if (guestItems.length === 0) return get().load();
          try {
            const answer = await apiCall(
              () =>
                http.post('mergeCart', { json: { items: guestItems.map((i) => ({ productId: i.productId, quantity: i.quantity })) } }).json<MergeCartAnswer>(),
              'Failed to sync guest cart',
            );
            set({ items: itemsOf(answer) });
            const names = new Map(guestItems.map((i) => [i.productId, i.name]));
            for (const line of [...answer.skipped, ...answer.adjusted]) toast.error(`${names.get(line.productId) ?? 'An item'}: ${line.reason}`);
          } catch (error) {
            toast.error(error instanceof Error ? error.message : 'Failed to sync guest cart');
            await get().load();
          }
        },

        reset() {
          set({ items: [], saving: [] });
        },
      };
    },
    {
      // The spec's key; it also mirrors the server cart after a fetch.
      name: 'guestCartItems',
      storage: createJSONStorage(() => idbStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);

export const cartCount = (items: CartItem[]): number => items.reduce((sum, i) => sum + i.quantity, 0);
