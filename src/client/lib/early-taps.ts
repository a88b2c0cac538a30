/**
 * A tap on the server-drawn page before React takes it over (a second or two on a slow phone) would
 * do nothing: React never sees it. The entry (main.tsx) listens from the start; the Menu and Search
 * buttons carry `data-early-tap`, and the last such tap is kept for its component to act on when it
 * takes over (takeEarlyTap). From the moment the app hands the page to React (markAppLive), React
 * hears taps itself (and replays those it receives while taking over), so nothing more is kept here.
 */
export type EarlyTap = 'menu' | 'search';

let kept: EarlyTap | null = null;
let live = false;

export function watchEarlyTaps(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (live) return;
      const name = event.target instanceof Element ? event.target.closest('[data-early-tap]')?.getAttribute('data-early-tap') : null;
      if (name === 'menu' || name === 'search') kept = name;
    },
    true,
  );
}

/** Called just before React takes the page over (app.tsx). */
export function markAppLive(): void {
  live = true;
}

/** Whether `name` was tapped before React took over; the tap is used up. */
export function takeEarlyTap(name: EarlyTap): boolean {
  if (kept !== name) return false;
  kept = null;
  return true;
}
