/**
 * A tap on the server-drawn page before React takes it over (a second or two on a slow phone) would
 * do nothing: React never sees it. The entry listens from the start (early-tap-watch.ts); the Menu
 * and Search buttons carry `data-early-tap`, and the last such tap is kept for its component to act
 * on when it takes over (takeEarlyTap). From the moment the app hands the page to React
 * (markAppLive), React hears taps itself (and replays those it receives while taking over), so
 * nothing more is kept.
 *
 * The two halves share a slot on `window`, not a module: a module the entry imported would be one
 * the entry's chunk loads first, and the bundler put this one (which the header imports) in the route
 * tree's chunk, so the entry fetched the whole start-up code before the first paint.
 */
export type EarlyTap = 'menu' | 'search';

export interface EarlyTaps {
  kept: EarlyTap | null;
  live: boolean;
}

declare global {
  interface Window {
    /** Written by the entry's listener (early-tap-watch.ts), read here. */
    earlyTaps?: EarlyTaps;
  }
}

/** Called just before React takes the page over (app.tsx). */
export function markAppLive(): void {
  if (window.earlyTaps) window.earlyTaps.live = true;
}

/** Whether `name` was tapped before React took over; the tap is used up. */
export function takeEarlyTap(name: EarlyTap): boolean {
  const taps = window.earlyTaps;
  if (taps?.kept !== name) return false;
  taps.kept = null;
  return true;
}
