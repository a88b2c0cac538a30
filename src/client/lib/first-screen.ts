import { useSyncExternalStore } from 'react';

/**
 * Whether the app's first screen has been painted. A listing's secondary card images wait for it: on
 * slow mobile data they would otherwise share the connection with the page's main images and the
 * app's code, and the first screen would take longer to appear. After that, nothing waits.
 */
let painted = false;
const listeners = new Set<() => void>();

/** Called when the first screen has been committed (routes/__root.tsx); flips once it has been painted. */
export function markFirstScreenRendered(): void {
  if (painted) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      painted = true;
      for (const listener of listeners) listener();
    }, 0),
  );
}

export function useFirstScreenPainted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => painted,
    () => false,
  );
}
