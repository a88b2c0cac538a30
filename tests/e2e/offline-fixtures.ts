import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { CartAnswer } from '@/shared/types';
import { type Account, expect } from './fixtures';

/**
 * The first, online visit has made the shop work offline: the service worker controls the page
 * (its precache is complete once it is active) and the catalogue is kept in IndexedDB.
 */
export async function waitUntilOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => page.evaluate(keptCatalogueSize), { message: 'the catalogue is kept in IndexedDB' }).toBeGreaterThan(0);
}

/**
 * How many products the phone's copy of the catalogue holds in IndexedDB (src/client/lib/
 * catalogue-copy.ts: its own database, a record per product under its id, the version under
 * the number 0, and each product's id under its address, an array key), in the page.
 */
export function keptCatalogueSize(): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open('shop-catalogue');
    // Not there yet: leave it to the app to create (a database created here would lack its store).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('products')) return resolve(0);
      // The products' keys are text; the version's is a number, the addresses' arrays (after every text).
      const read = db
        .transaction('products')
        .objectStore('products')
        .count(IDBKeyRange.bound('', [], false, true));
      read.onerror = () => resolve(0);
      read.onsuccess = () => {
        db.close();
        resolve(read.result);
      };
    };
  });
}

/** A customer's server cart as { productId: quantity }. */
export async function serverCartOf(request: APIRequestContext, account: Account): Promise<Record<string, number>> {
  const login = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const res = await request.get('/api/getMyCart', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const answer = (await res.json()) as CartAnswer;
  return Object.fromEntries((answer.Cart[0]?.items ?? []).map((line) => [line.product._id, line.quantity]));
}

/** Clicks 'Try again' on a screen whose load failed, until `ready` holds (for a network that drops calls). */
export async function untilLoaded(page: Page, ready: () => Promise<void>): Promise<void> {
  await expect(async () => {
    const retry = page.getByRole('button', { name: 'Try again' }).first();
    if (await retry.isVisible()) await retry.click();
    await ready();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

/**
 * Chromium's own offline switch (navigator.onLine, the online and offline events, failed fetches),
 * plus every API call refused at the context: a service worker that Chromium restarts meanwhile can
 * start before the emulation reaches it, and nothing may reach the server while the test says offline.
 */
/**
 * What the page has written to IndexedDB (idb-keyval's store, src/client/lib/idb-storage.ts) of a
 * persisted zustand store: its state as JSON, or null while nothing is written.
 */
export function keptStoreState(name: string): Promise<unknown> {
  return new Promise((resolve) => {
    const open = indexedDB.open('keyval-store');
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const read = open.result.transaction('keyval').objectStore('keyval').get(name);
      read.onsuccess = () => {
        open.result.close();
        resolve(typeof read.result === 'string' ? (JSON.parse(read.result) as { state: unknown }).state : null);
      };
      read.onerror = () => resolve(null);
    };
  });
}

type KeptLine = { productId: string; quantity: number; kind?: string };

/**
 * Waits until the phone has kept a signed-in customer's offline change: the cart holds `quantity` of
 * `productId`, and the outbox the change to send. A tap saves to IndexedDB a moment after the screen
 * shows it; a reload in that moment (which a test can make, a thumb hardly) starts from the copy before.
 */
export async function waitUntilCartKept(page: Page, productId: string, quantity: number): Promise<void> {
  const quantityIn = (lines: KeptLine[] | undefined) => lines?.findLast((l) => l.productId === productId && (l.kind ?? 'cart') === 'cart')?.quantity;
  await expect
    .poll(async () => {
      const cart = (await page.evaluate(keptStoreState, 'guestCartItems')) as { items?: KeptLine[] } | null;
      const outbox = (await page.evaluate(keptStoreState, 'outbox')) as { entries?: KeptLine[] } | null;
      return [quantityIn(cart?.items), quantityIn(outbox?.entries)];
    })
    .toEqual([quantity, quantity]);
}

export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

/**
 * Opens a page while offline and waits until the page itself knows it (Chromium applies the offline
 * emulation to a new document a moment after it starts), so no tap happens while it still thinks
 * it is online.
 */
export async function openOffline(page: Page, url?: string): Promise<void> {
  if (url === undefined) await page.reload();
  else await page.goto(url);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}
