import { useEffect } from 'react';

/** The longest the wait for an idle moment lasts; without requestIdleCallback (Safari), the wait. */
const IDLE_WITHIN_MS = 2000;

/**
 * Imports `load` (a lazy part's module) at the phone's first idle moment after the component mounted,
 * when the page is live: the part a tap will want (the top bar's closed panels) is then in memory,
 * and the tap's own import (useLateComponent) answers at once. A failure is left for that import.
 */
export function usePrefetchWhenIdle(load: () => Promise<unknown>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module-level import, the same each render
  useEffect(() => {
    const prefetch = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: IDLE_WITHIN_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, IDLE_WITHIN_MS);
    return () => clearTimeout(id);
  }, []);
}
