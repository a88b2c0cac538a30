import { useEffect } from 'react';
import { create } from 'zustand';
import type { Product } from '../../shared/types';
import { apiCall, http } from '../lib/http';

/**
 * The full catalogue (`GET /getProducts`), fetched once and shared by every screen: home sections,
 * the shop and category pages, search and similar products all filter and sort it on the phone
 * (the spec's own client does the same). It is also what the PWA keeps for offline use.
 */
interface CatalogueState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  products: Product[];
  error: string | null;
  load(options?: { force?: boolean }): Promise<void>;
}

let inFlight: Promise<void> | null = null;

export const useCatalogueStore = create<CatalogueState>()((set, get) => ({
  status: 'idle',
  products: [],
  error: null,
  load({ force = false } = {}) {
    if (inFlight) return inFlight;
    if (get().status === 'ready' && !force) return Promise.resolve();
    set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', error: null }));
    inFlight = apiCall(() => http.get('getProducts').json<{ data: Product[] }>(), 'Failed to fetch products')
      .then(({ data }) => set({ status: 'ready', products: data, error: null }))
      .catch((error: Error) => set((s) => (s.status === 'ready' ? s : { status: 'error', error: error.message })))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
}));

/** The catalogue for a screen: starts the fetch on first use. */
export function useCatalogue() {
  const state = useCatalogueStore();
  useEffect(() => {
    void useCatalogueStore.getState().load();
  }, []);
  return { status: state.status, products: state.products, error: state.error, retry: () => state.load({ force: true }) };
}
