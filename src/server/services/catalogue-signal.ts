import type { Db } from '../db/client';

/**
 * The one "catalogue changed" signal (ARCHITECTURE §8b). The services that change products, stock
 * or settings raise it after their change has committed; whatever keeps a copy of the catalogue
 * (the catalogue cache today; rendered pages and other processes later) listens here, never at a
 * call site. One signal per database handle, so test apps on separate databases never hear each other.
 */
const listenersByDb = new WeakMap<Db, Set<() => void>>();

export function onCatalogueChanged(db: Db, listener: () => void): () => void {
  let listeners = listenersByDb.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersByDb.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that changed products, stock or settings has committed. */
export function catalogueChanged(db: Db): void {
  for (const listener of listenersByDb.get(db) ?? []) listener();
}
