import { createContext, useContext } from 'react';

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

/** Whether the first screen has been painted; `then` is called once it has (at once if it has). Returns what cancels. */
export function onFirstScreenPainted(then: () => void): () => void {
  if (painted) {
    then();
    return () => undefined;
  }
  listeners.add(then);
  return () => listeners.delete(then);
}

/** Painted where no PageLive is above (a part rendered on its own waits for nothing); see page-context.tsx. */
export const FirstScreenPaintedContext = createContext(true);

export function useFirstScreenPainted(): boolean {
  return useContext(FirstScreenPaintedContext);
}
