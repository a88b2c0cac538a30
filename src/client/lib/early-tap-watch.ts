import type { EarlyTaps } from './early-taps';

/**
 * The entry's half of early taps (early-taps.ts): from the first paint until the app is live, the
 * last tap on a `data-early-tap` button is kept in `window.earlyTaps`. Imported by main.tsx only, so
 * it stays in the entry's own chunk.
 */
export function watchEarlyTaps(): void {
  const taps: EarlyTaps = { kept: null, live: false };
  window.earlyTaps = taps;
  document.addEventListener(
    'click',
    (event) => {
      if (taps.live) return;
      const name = event.target instanceof Element ? event.target.closest('[data-early-tap]')?.getAttribute('data-early-tap') : null;
      if (name === 'menu' || name === 'search') taps.kept = name;
    },
    true,
  );
}
