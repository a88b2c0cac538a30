import { type Query, QueryObserver } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { TOAST_IDS, toast } from '@/client/lib/toast';
import { LIMITS, mostPerOrder } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { quantityRefusal } from '@/shared/order-limits';
import type { CartAnswer, CartLine, Product } from '@/shared/types';
import { addToCart } from '../lib/api/add-to-cart';
import { clearCart } from '../lib/api/clear-cart';
import { getMyCart } from '../lib/api/get-my-cart';
import { mergeCart } from '../lib/api/merge-cart';
import { removeCartLine } from '../lib/api/remove-cart-line';
import { setCartItem } from '../lib/api/set-cart-item';
import { ApiFailure } from '../lib/http';
import { idbStorage } from '../lib/idb-storage';
import { requestPersistentStorage } from '../lib/persistent-storage';
import { myCartQuery } from '../lib/queries/my-cart';
import { queryClient } from '../lib/query-client';
import type { CartItem } from './cart-item';
import { entriesOf, useOutbox } from './outbox';
import { useSession } from './session';

export type { CartItem } from './cart-item';

/** What the cart keeps of a product; `maxPerOrder` missing means the product has no limit of its own. */
export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'stock' | 'productImageUrls'> & { slug?: string; maxPerOrder?: number | null };

interface CartState {
  items: CartItem[];
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

/** The most one order may take of a cart line's product: its stock, the cap of 100 and its own limit. */
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
  slug: line.product.slug,
  name: line.product.name,
  price: line.product.price,
  image: line.product.productImageUrls[0] ?? null,
  quantity: line.quantity,
  stock: line.product.stock,
  maxPerOrder: line.product.maxPerOrder ?? null,
  lineId: line._id,
});

const itemsOf = (answer: CartAnswer): CartItem[] => answer.Cart[0]?.items.map(fromLine) ?? [];

const itemOf = (product: CartProduct, quantity: number): CartItem => ({
  productId: product._id,
  slug: product.slug,
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

/** This customer's changes or orders still wait in the outbox: newer than the server cart, and sent first. */
const waitingFor = (userId: string) => entriesOf(useOutbox.getState().entries, userId).length > 0;

const signedInUserId = () => useSession.getState().session?.userId;

/** `userId` is the signed-in customer and nothing of theirs waits in the outbox: the server cart is their latest. */
const serverCartIsLatestFor = (userId: string | undefined): userId is string => userId !== undefined && userId === signedInUserId() && !waitingFor(userId);

/** The signed-in customer's server cart is their latest (nothing of theirs waits in the outbox). */
const serverCartIsLatest = (): boolean => serverCartIsLatestFor(signedInUserId());

/**
 * A customer's change waits in the outbox when there is no connection, and also while older changes
 * still wait there: sent directly, a newer quantity could be overwritten by an older one.
 */
const mustQueue = (userId: string) => !navigator.onLine || waitingFor(userId);

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

/** An answer of the server (its cart read, or its cart after a change): the cart shows it, and the query keeps it. */
function showServerCart(answer: CartAnswer): void {
  queryClient.setQueryData(myCartQuery().queryKey, answer);
  useCart.setState({ items: itemsOf(answer) });
}

/** The mutation key every cart save starts with: while one is pending, Clear Cart waits. */
export const CART_SAVES = ['cart'];

/**
 * The mutation key of a product's cart saves, `'*'` for Clear cart: while one is pending, the
 * product's rows and buttons show a spinner and are disabled (`useIsMutating`).
 */
export const cartSaveKey = (productId: string) => [...CART_SAVES, productId];

/**
 * Runs one save for a product as a mutation of the app's cache, where its rows see it pending; the
 * toast tells the outcome. It runs offline too: the save itself queues what cannot be sent.
 */
async function save(productId: string, run: () => Promise<void>, failure: string): Promise<boolean> {
  try {
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: cartSaveKey(productId), mutationFn: run, networkMode: 'always' })
      .execute(undefined);
    return true;
  } catch (error) {
    toast.error(error instanceof Error && error.message ? error.message : failure);
    return false;
  }
}

/**
 * One product to an absolute quantity: for a guest on the phone only; for a customer through
 * `send` (the server answers the whole cart), or into the outbox when offline or unanswered.
 */
async function change(productId: string, quantity: number, product: CartProduct | undefined, send: () => Promise<CartAnswer>): Promise<void> {
  const userId = signedInUserId();
  if (userId && !mustQueue(userId)) {
    try {
      showServerCart(await send());
      return;
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  const item = useCart.getState().items.find((i) => i.productId === productId) ?? (product && itemOf(product, quantity));
  useCart.setState((s) => ({ items: withQuantity(s.items, productId, quantity, product) }));
  if (userId && item) useOutbox.getState().queueCartChange({ userId, productId, quantity, name: item.name });
}

const queueEveryLineAtZero = (userId: string) => {
  for (const i of useCart.getState().items) useOutbox.getState().queueCartChange({ userId, productId: i.productId, quantity: 0, name: i.name });
};

/** Empties the cart: a customer's on the server too, or through the outbox (every line to 0) when it cannot be sent now. */
async function emptyCart(): Promise<void> {
  const userId = signedInUserId();
  if (userId && !mustQueue(userId)) {
    try {
      showServerCart(await clearCart());
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      queueEveryLineAtZero(userId);
    }
  } else if (userId) queueEveryLineAtZero(userId);
  useCart.setState({ items: [] });
  toast.success(MESSAGES.cartCleared, { id: TOAST_IDS.cartCleared });
}

/**
 * Reads the signed-in customer's server cart and shows it, unless their changes or an order wait in
 * the outbox (before or after the read). Asked here rather than as a fetch of the query: a fetching
 * query holds the first screen back (app.tsx), and the cart kept on the phone shows meanwhile.
 */
async function loadServerCart(): Promise<void> {
  const userId = signedInUserId();
  if (!serverCartIsLatestFor(userId)) return;
  try {
    const answer = await getMyCart();
    if (serverCartIsLatestFor(userId)) showServerCart(answer);
  } catch (error) {
    // A 401 has already signed the user out (and emptied the cart); anything else is said.
    if (signedInUserId()) toast.error(error instanceof Error ? error.message : MESSAGES.cartFetchFailed);
  }
}

/** After sign-in: the guest cart goes into the server cart, which the cart then shows; lines left out or cut down are said. */
async function mergeGuestCart(): Promise<void> {
  const guestItems = useCart.getState().items.filter((i) => !i.lineId);
  if (guestItems.length === 0) return loadServerCart();
  try {
    const answer = await mergeCart(
      guestItems.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      MESSAGES.cartSyncFailed,
    );
    showServerCart(answer);
    const names = new Map(guestItems.map((i) => [i.productId, i.name]));
    for (const line of [...answer.skipped, ...answer.adjusted]) toast.error(`${names.get(line.productId) ?? 'An item'}: ${line.reason}`);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : MESSAGES.cartSyncFailed);
    await loadServerCart();
  }
}

/**
 * Keeps a signed-in customer's cart fresh while the app runs (started with the outbox, sync.ts): the
 * server cart is read again when the shopper comes back to the app or the network returns (the
 * query's refetchOnWindowFocus and refetchOnReconnect), so a change made on another device shows.
 * Only a cart read before is read again (the first read is the start-up's, after the outbox), and
 * no answer replaces the cart while this customer's changes wait in the outbox. Returns a function
 * that stops following.
 */
export function followServerCart(): () => void {
  const options = () => ({
    ...myCartQuery(),
    enabled: ({ state }: Pick<Query, 'state'>) => state.data !== undefined && serverCartIsLatest(),
    // The listener hears a new answer, not every fetch starting or ending.
    notifyOnChangeProps: ['data' as const],
  });
  const observer = new QueryObserver(queryClient, options());
  const stopShowing = observer.subscribe(({ data }) => {
    if (data && serverCartIsLatest()) useCart.setState({ items: itemsOf(data) });
  });
  // Signing in or out empties the cache of everyone's own answers: the observer follows the query made anew.
  const stopFollowingSession = useSession.subscribe(() => observer.setOptions(options()));
  return () => {
    stopShowing();
    stopFollowingSession();
  };
}

export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],

      async add(product, quantity = 1) {
        if (!product._id) {
          toast.error(MESSAGES.invalidProduct);
          return false;
        }
        const stock = stockLimit(product.stock);
        const current = get().items.find((i) => i.productId === product._id)?.quantity ?? 0;
        if (!checkQuantity({ name: product.name, stock, maxPerOrder: product.maxPerOrder }, current + quantity)) return false;
        return save(
          product._id,
          async () => {
            await change(product._id, current + quantity, product, () => addToCart(product._id, quantity));
            // 'Added' once it is kept on the phone: a reload right after the toast still has it.
            await keptOnThisPhone();
            // One at a time, with 'View cart' (TOAST_IDS).
            toast.success(MESSAGES.addedToCart(product.name), { id: TOAST_IDS.cartAdded });
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
        return save(
          productId,
          async () => {
            // An absolute quantity: replaying it changes nothing (the offline outbox relies on that).
            await change(productId, quantity, undefined, () => setCartItem(productId, quantity));
            toast.success(MESSAGES.quantityUpdated, { id: TOAST_IDS.cartQuantity });
          },
          MESSAGES.cartUpdateFailed,
        );
      },

      async remove(productId) {
        const item = get().items.find((i) => i.productId === productId);
        if (!item) return false;
        return save(
          productId,
          async () => {
            await change(productId, 0, undefined, () => (item.lineId ? removeCartLine(item.lineId) : setCartItem(productId, 0, MESSAGES.cartRemoveFailed)));
            toast.success(MESSAGES.itemRemoved, { id: TOAST_IDS.cartRemoved });
          },
          MESSAGES.cartRemoveFailed,
        );
      },

      clear: () => save('*', emptyCart, MESSAGES.cartClearFailed),
      load: loadServerCart,
      mergeGuestCart,

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
        set({ items: [] });
      },
    }),
    {
      // The spec's key; it also mirrors the server cart after a fetch.
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => idbStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);

export const cartCount = (items: CartItem[]): number => items.reduce((sum, i) => sum + i.quantity, 0);
