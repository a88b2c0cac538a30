import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { FirstScreenPaintedContext, onFirstScreenPainted } from './first-screen';

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

/** Whether the page is live (usePageLive); true where no PageLive is above (a part rendered on its own). */
const PageLiveContext = createContext(true);

/**
 * Gives the page below usePageLive and useFirstScreenPainted. Live at once when the browser draws the
 * page itself; a page from the server goes live after React has taken it over. Both switch once for
 * the whole page, in a transition: read from a store in each control or image (useSyncExternalStore),
 * a switch re-rendered every card of a listing in one synchronous task, a long task on a slow phone.
 * Not live on the server (no effects run there).
 */
export function PageLive({ drawnByServer, children }: { drawnByServer: boolean; children: ReactNode }) {
  const [live, setLive] = useState(() => !drawnByServer && typeof window !== 'undefined');
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!live) startTransition(() => setLive(true));
  }, [live]);
  useEffect(() => onFirstScreenPainted(() => startTransition(() => setPainted(true))), []);
  return (
    <PageLiveContext value={live}>
      <FirstScreenPaintedContext value={painted}>{children}</FirstScreenPaintedContext>
    </PageLiveContext>
  );
}

/**
 * False while the page is the server's HTML (on the server, and while React takes it over); true once
 * React runs it, at once for a page the browser draws itself. A control whose use before then would
 * be lost (a quantity typed, then reset by hydration; a tap on Add to Cart that does nothing) is
 * disabled until then, marked `data-starting` so it keeps its look (styles/global.css.ts).
 *
 * One value for the whole page, switched once in a transition (ShopRoot): a store read in each
 * control (useSyncExternalStore with a server snapshot) made React re-render every one of them in a
 * single synchronous task right after hydration, a long task with a page of product cards.
 */
export function usePageLive(): boolean {
  return useContext(PageLiveContext);
}
