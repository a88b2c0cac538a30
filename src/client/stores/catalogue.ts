import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Product } from '../../shared/types';
import { apiCall, publicHttp } from '../lib/http';
import { idbStorage } from '../lib/idb-storage';

/**
 * The full catalogue (`GET /getProducts`), fetched once per visit and shared by every screen: home
 * sections, the shop and category pages, search and similar products all filter and sort it on the
 * phone (the spec's own client does the same). The last copy is kept in IndexedDB (ARCHITECTURE
 * section 6), so the shop opens with it at once and still works with no connection; a fresh copy
 * replaces it as soon as the network answers.
 */
interface CatalogueState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  products: Product[];
  error: string | null;
  /** This visit has fetched the catalogue (the kept copy may be older). */
  fresh: boolean;
  load(options?: { force?: boolean }): Promise<void>;
}

let inFlight: Promise<void> | null = null;

export const useCatalogueStore = create<CatalogueState>()(
  persist(
    (set, get) => ({
      status: 'idle',
      products: [],
      error: null,
      fresh: false,
      load({ force = false } = {}) {
        if (inFlight) return inFlight;
        if (get().fresh && !force) return Promise.resolve();
        set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', error: null }));
        const fetching: Promise<void> = apiCall(() => publicHttp.get('getProducts').json<{ data: Product[] }>(), 'Failed to fetch products')
          .then(({ data }) => {
            set({ status: 'ready', products: data, error: null, fresh: true });
          })
          .catch((error: Error) => {
            // With a kept copy the shop goes on with it (offline, or the server briefly down).
            set((s) => (s.status === 'ready' ? s : { status: 'error', error: error.message }));
          })
          .finally(() => {
            inFlight = null;
          });
        inFlight = fetching;
        return fetching;
      },
    }),
    {
      name: 'catalogue',
      storage: createJSONStorage(() => idbStorage),
      partialize: ({ products }) => ({ products }),
      // A kept copy shows at once, unless this visit's fetch already answered (it is newer).
      merge: (persisted, current) => {
        const products = (persisted as { products?: Product[] } | undefined)?.products ?? [];
        if (current.fresh || products.length === 0) return current;
        return { ...current, products, status: 'ready', error: null };
      },
    },
  ),
);

/** The catalogue for a screen: starts the fetch on first use. */
export function useCatalogue() {
  const state = useCatalogueStore();
  useEffect(() => {
    void useCatalogueStore.getState().load();
  }, []);
  return { status: state.status, products: state.products, error: state.error, retry: () => state.load({ force: true }) };
}
