import { type ComponentType, useEffect, useState } from 'react';

/**
 * A component whose code (and whatever it reads: a store, texts) is not in the start-up chunks:
 * loaded after the page is live, once `wanted`; null until it is here. Never drawn by the server or
 * in the first render, so hydration is not touched. For what shows only after something happens (a
 * payment left open, a new version waiting), where a moment's delay costs nothing.
 */
export function useLateComponent<P extends object>(wanted: boolean, load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const loaded = component !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module-level import, the same each render
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    void load().then((next) => {
      if (live) setComponent(() => next);
    });
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return component;
}
