import { vi } from 'vitest';

/** A media query list that answers `matches` for `query` and never changes (the test DOM has none). */
export const mediaQueryList = (query: string, matches: boolean): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** For the rest of the test the screen matches the media queries `matches` accepts, and no other. */
export function screenMatches(matches: (query: string) => boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, matches(query)));
}
