import type { Db } from '../../db/client';

/**
 * What changed, so a listener drops only what the change touched:
 * - `stock`: only the stock (and units sold) of these products moved (an order, a cancellation, a
 *   hold running out): product data, and pages that show none of them, stay.
 * - `products`: products were added, edited or deleted.
 * - `all`: anything else (settings, delivery options), or a change whose extent is unknown (another
 *   process's notification lost while its listener reconnected): every copy goes.
 */
export type CatalogueChange = { kind: 'stock'; productIds: string[] } | { kind: 'products' } | { kind: 'all' };

/**
 * Where a change was made: in this process, or in another one sharing the database (heard through
 * LISTEN/NOTIFY, services/catalogue/catalogue-notify.ts). Copies drop either; only a change made here is passed on.
 */
export interface CatalogueChangeOrigin {
  remote: boolean;
}

type Listener = (change: CatalogueChange, origin: CatalogueChangeOrigin) => void;

/**
 * The one "catalogue changed" signal (ARCHITECTURE §8b). The services that change products, stock
 * or settings raise it after their change has committed; whatever keeps a copy of the catalogue
 * (the catalogue cache, rendered pages, other processes through LISTEN/NOTIFY) listens here, never
 * at a call site. One signal per database handle, so test apps on separate databases never hear each other.
 */
const listenersByDb = new WeakMap<Db, Set<Listener>>();

export function onCatalogueChanged(db: Db, listener: Listener): () => void {
  let listeners = listenersByDb.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersByDb.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const HERE: CatalogueChangeOrigin = { remote: false };
const ELSEWHERE: CatalogueChangeOrigin = { remote: true };

/** Call after the transaction that changed products, stock or settings has committed. */
export function catalogueChanged(db: Db, change: CatalogueChange = { kind: 'all' }): void {
  for (const listener of listenersByDb.get(db) ?? []) listener(change, HERE);
}

/**
 * A change another process made (or may have made, unheard): this process's copies drop it, and
 * the LISTEN/NOTIFY bridge does not publish it again.
 */
export function catalogueChangedElsewhere(db: Db, change: CatalogueChange): void {
  for (const listener of listenersByDb.get(db) ?? []) listener(change, ELSEWHERE);
}
