import { useEffect, useState } from 'react';

interface PersistedStore {
  persist: { hasHydrated(): boolean; onFinishHydration(listener: () => void): () => void };
}

/** True once a persisted store has been read back from IndexedDB (which is asynchronous). */
export function useHydrated(store: PersistedStore): boolean {
  const [hydrated, setHydrated] = useState(() => store.persist.hasHydrated());
  useEffect(() => {
    const stop = store.persist.onFinishHydration(() => setHydrated(true));
    setHydrated(store.persist.hasHydrated());
    return stop;
  }, [store]);
  return hydrated;
}

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
