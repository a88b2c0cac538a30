import { useCallback, useSyncExternalStore } from 'react';

interface PersistedStore {
  persist: { hasHydrated(): boolean; onFinishHydration(listener: () => void): () => void };
}

/**
 * True once a persisted store has been read back from IndexedDB (which is asynchronous). False on the
 * server and while React takes over the server's page, as the server drew it (the page's waiting
 * state), whatever the phone has read back by then; the phone's own state renders right after.
 */
export function useHydrated(store: PersistedStore): boolean {
  const subscribe = useCallback((changed: () => void) => store.persist.onFinishHydration(changed), [store]);
  const read = useCallback(() => store.persist.hasHydrated(), [store]);
  return useSyncExternalStore(subscribe, read, serverSnapshot);
}

const serverSnapshot = () => false;

/** Resolves once a persisted store has been read back (at once if it already has). */
export function whenHydrated(store: PersistedStore): Promise<void> {
  if (store.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.persist.onFinishHydration(() => {
      stop();
      resolve();
    });
  });
}
