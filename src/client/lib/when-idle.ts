/** The longest the wait for an idle moment lasts; without requestIdleCallback (Safari), the wait. */
const IDLE_WITHIN_MS = 2000;

/**
 * Runs `task` at the browser's first idle moment (at most `withinMs` away): work the first screen
 * does not need, kept out of the tasks that draw it and take it over. Returns how to cancel it.
 */
export function whenIdle(task: () => void, withinMs: number = IDLE_WITHIN_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: withinMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, withinMs);
  return () => window.clearTimeout(id);
}

/**
 * Runs `task` once `element` comes within `margin` of the screen (a part below the fold, as the
 * shopper scrolls towards it), or when idle where the browser cannot tell. Returns how to cancel it.
 */
export function whenNearScreen(element: Element, task: () => void, margin = '600px'): () => void {
  if (typeof IntersectionObserver !== 'function') return whenIdle(task);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      task();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
