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
 * How long after the app's start (and the page's load) the work that readies the shop for later waits:
 * the phone's catalogue copy, the service worker, the outbox, prefetches. The first seconds belong to
 * drawing the page and answering its first taps; on a cheap phone each part evaluated then is a task
 * in their way (issue 44: total blocking time).
 */
const SETTLE_MS = 3000;

let settled: Promise<unknown> | undefined;

/**
 * Runs `task` at an idle moment once the page has settled: SETTLE_MS after its load event and the
 * first call, whichever is later; after that, at the next idle moment. Returns how to cancel it.
 */
export function whenSettled(task: () => void): () => void {
  settled ??= new Promise((resolve) => {
    const wait = () => setTimeout(resolve, SETTLE_MS);
    if (document.readyState === 'complete') wait();
    else addEventListener('load', wait, { once: true });
  });
  let cancel: (() => void) | null = null;
  void settled.then(() => {
    cancel = cancel ?? whenIdle(task);
  });
  return () => {
    cancel?.();
    cancel = () => {};
  };
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
