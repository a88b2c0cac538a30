import { useEffect } from 'react';
import { whenSettled } from './when-idle';

/**
 * Imports `load` (a lazy part's module) at an idle moment once the page has settled (whenSettled): the
 * part a tap will want (the top bar's closed panels) is then in memory, and the tap's own import
 * (useLateComponent) answers at once; a tap before then imports it itself. A failure is left for that import.
 */
export function usePrefetchWhenSettled(load: () => Promise<unknown>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module-level import, the same each render
  useEffect(() => whenSettled(() => void load().catch(() => undefined)), []);
}
