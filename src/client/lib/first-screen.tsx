import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

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

/** Painted where no FirstScreenPainted is above (a part rendered on its own waits for nothing). */
const FirstScreenPaintedContext = createContext(true);

/**
 * Gives the page below whether its first screen has been painted: one value for the whole page,
 * switched in a transition. Read from a store in each image instead (useSyncExternalStore), the
 * switch re-rendered every card of a listing in one synchronous task, a long task on a slow phone.
 */
export function FirstScreenPainted({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(painted);
  useEffect(() => {
    const paintedNow = () => startTransition(() => setValue(true));
    if (painted) {
      paintedNow();
      return;
    }
    listeners.add(paintedNow);
    return () => {
      listeners.delete(paintedNow);
    };
  }, []);
  return <FirstScreenPaintedContext value={value}>{children}</FirstScreenPaintedContext>;
}

export function useFirstScreenPainted(): boolean {
  return useContext(FirstScreenPaintedContext);
}
