import { create } from 'zustand';
import type { Product } from '@/shared/types';

/**
 * What the screens see of the phone's copy of the catalogue (lib/catalogue-copy.ts keeps it and
 * syncs it). Only this small state is in the start-up code; the copy's own module loads after the
 * first screen, or when a screen needs the copy.
 */
export interface CatalogueCopyState {
  /** Whether the phone holds a complete copy: 'unknown' until IndexedDB has been read. */
  kept: 'unknown' | 'none' | 'saved';
  /** When the copy last matched the server (ms), or null without a copy. */
  syncedAt: number | null;
  /** The whole copy, once a screen has asked for it (`loadCopy`); null before. */
  products: readonly Product[] | null;
  /**
   * The first download of the whole catalogue: 'waiting' with Save-Data or a slow connection (for
   * Wi-Fi or the shopper's "Save the shop for offline use"), 'running', or 'failed' (the shopper may try again).
   */
  download: 'idle' | 'waiting' | 'running' | 'failed';
}

export const INITIAL_COPY_STATE: CatalogueCopyState = { kept: 'unknown', syncedAt: null, products: null, download: 'idle' };

export const useCatalogueCopy = create<CatalogueCopyState>(() => INITIAL_COPY_STATE);
