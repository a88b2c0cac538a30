import { createContext, useContext, useSyncExternalStore } from 'react';

/** A page's head as it declares it; the shop's name (from Settings) is added to the title here. */
export interface DocumentHead {
  /** The page's own name ('Body Oils', a product's name); null for the home page (the shop's name and tagline). */
  page: string | null;
  description: string;
  /** Open Graph: an absolute image URL with its size, the page type and its canonical URL. */
  image?: { url: string; width: number; height: number; alt: string };
  type?: 'website' | 'product';
  url?: string;
  /** A product's offer: og/product price tags. */
  offer?: { price: number; currency: 'GHS'; inStock: boolean };
}

/**
 * What a page reports while the server renders it (src/client/server-render.tsx): the head it wants
 * and its HTTP status. Written during render, which on the server runs once per page.
 */
export interface ServerPage {
  /** The request's path, for the canonical URL. */
  path: string;
  head?: DocumentHead;
  status: number;
}

export interface PageContextValue {
  /** The shop's address the page was rendered for (absolute URLs must match between server and browser). */
  origin: string;
  /** The seed of the page's random picks (features/catalogue/lib/random.ts). */
  seed?: number;
  /** Present only while rendering on the server. */
  server?: ServerPage;
}

export const PageContext = createContext<PageContextValue | null>(null);

/** The origin absolute URLs use: the one the server rendered with, else the browser's (none at build time). */
export function usePageOrigin(): string {
  return useContext(PageContext)?.origin ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
}

/** The page's HTTP status when the server renders it (a not-found page says 404); nothing in the browser. */
export function useHttpStatus(status: number): void {
  const server = useContext(PageContext)?.server;
  if (server) server.status = status;
}

const noSubscription = () => () => {};

/**
 * False while the page is the server's HTML (on the server, and while React takes it over); true once
 * React runs it, at once for a page the browser draws itself. A control whose use before then would
 * be lost (a quantity typed, then reset by hydration; a tap on Add to Cart that does nothing) is
 * disabled until then, marked `data-starting` so it keeps its look (styles/global.css.ts).
 */
export function usePageLive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
