import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { CatalogueChanges, StockLevel } from '@/shared/catalogue';
import type { Product } from '@/shared/types';

/*
 * The phone's copy of the catalogue in IndexedDB (catalogue-copy.ts keeps it): the database and its
 * one write. Nothing here touches the page, so the first download's worker
 * (catalogue-download.worker.ts) writes the copy with the same code.
 */

/** A database of its own: writing the first copy (megabytes) never holds up a cart line's write. */
export const COPY_DATABASE = { name: 'shop-catalogue', store: 'products' } as const;

/** The copy's version, kept beside the products: their keys are their ids (text), so a number never meets one. */
export const META_KEY = 0;

export interface CopyMeta {
  version: string;
  /** When the copy last matched the server (ms). */
  syncedAt: number;
}

/** Products are all the text keys; the version's key is a number, the addresses' keys are arrays (after every text). */
export const PRODUCT_KEYS = () => IDBKeyRange.bound('', [], false, true);

/**
 * Where the id of the product at an address (slug) is kept: a phone opens a product page by its
 * address, and the copy keeps products by id. An address a rename left behind still names its
 * product (its page moves on to the new one); one whose product went names nothing there any more.
 */
export const addressKey = (slug: string): IDBValidKey => ['address', slug];

/** A full download may be megabytes on a slow connection: more time than a page gets. */
export const FULL_DOWNLOAD_TIMEOUT_MS = 120_000;

let openedStore: UseStore | undefined;
export const copyStore = (): UseStore => {
  openedStore ??= createStore(COPY_DATABASE.name, COPY_DATABASE.store);
  return openedStore;
};

/** A product with its stock as this level says. */
export const withLevel = (product: Product, level: StockLevel): Product => ({ ...product, stock: level.stock, unitsSold: level.unitsSold });

/**
 * Writes a sync's answer in one transaction: the whole catalogue in place of the copy (`full`), or
 * the deleted products dropped, the added and edited ones written, the stock levels applied, in that
 * order; then the version. All or nothing: a copy is never half new.
 */
export function writeChanges(changes: CatalogueChanges, meta: CopyMeta): Promise<void> {
  return copyStore()('readwrite', (store) => {
    if (changes.full) store.clear();
    else for (const id of changes.deleted) store.delete(id);
    for (const product of changes.products) {
      store.put(product, product._id);
      // A product from a server before slugs has none.
      if (product.slug) store.put(product._id, addressKey(product.slug));
    }
    for (const level of changes.stock) {
      const read = store.get(level._id) as IDBRequest<Product | undefined>;
      read.onsuccess = () => {
        if (read.result) store.put(withLevel(read.result, level), level._id);
      };
    }
    store.put(meta, META_KEY);
    return promisifyRequest(store.transaction);
  });
}
