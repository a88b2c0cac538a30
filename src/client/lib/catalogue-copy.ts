import { createStore, del, promisifyRequest } from 'idb-keyval';
import type { CatalogueChanges, ProductPageAnswer, ProductPageSort } from '@/shared/catalogue';
import type { Category } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { DEFAULT_SORT, isInCategory, sortProducts } from '@/shared/product-sort';
import type { Product } from '@/shared/types';
import type { StartupAnswers } from './api-client';
import { addressKey, type CopyMeta, copyStore, FULL_DOWNLOAD_TIMEOUT_MS, META_KEY, PRODUCT_KEYS, withLevel, writeChanges } from './catalogue-copy-db';
import { INITIAL_COPY_STATE, useCatalogueCopy } from './catalogue-copy-store';
import { apiCall, publicHttp } from './http';
import { oneAtATime } from './one-at-a-time';
import { matchProducts } from './product-match';
import { CATALOGUE_KEY, onCatalogueChangedHere, queryClient, STOCK_STALE_MS } from './query-client';
import { QUERY_DATABASE } from './query-database';

/*
 * The phone's complete copy of the catalogue (ARCHITECTURE section 6): what the shop shows
 * offline or when the network fails (listing, categories, search, product pages) and what the search
 * box suggests from, instantly. Kept in IndexedDB apart from the query cache, one record per product
 * plus the copy's version, so a change writes only what changed; synced by changes since that
 * version (`GET /catalogueChanges?since=`). Its code loads after the first screen (app.tsx) or when a
 * screen needs the copy; screens see its state in catalogue-copy-store.ts.
 */

/** The copy in memory by id, once a screen asked for it (loadCopy); null before. */
let byId: Map<string, Product> | null = null;
/** A screen asked for the copy before there was one: the first download fills memory too. */
let memoryWanted = false;
/** The shopper asked to save the shop (Save-Data or a slow connection otherwise waits for Wi-Fi). */
let asked = false;

/** One IndexedDB operation of the copy at a time: a read never sees half of a sync, nor a sync a stale read. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(operation: () => Promise<T>): Promise<T> {
  const next = queue.then(operation, operation);
  queue = next.catch(() => undefined);
  return next;
}

async function readMeta(): Promise<CopyMeta | undefined> {
  const meta = await copyStore()('readonly', (store) => promisifyRequest(store.get(META_KEY) as IDBRequest<CopyMeta | undefined>));
  useCatalogueCopy.setState(meta ? { kept: 'saved', syncedAt: meta.syncedAt } : { kept: 'none', syncedAt: null });
  return meta;
}

/** Whether the phone holds a copy (and what it says of it): read once from IndexedDB. */
let metaRead: Promise<CopyMeta | undefined> | null = null;
const knownMeta = () => {
  metaRead ??= serially(readMeta).catch(() => undefined);
  return metaRead;
};

function publish(): void {
  if (byId) useCatalogueCopy.setState({ products: [...byId.values()] });
}

/**
 * Reads the whole copy into memory (the first call; later calls share it) and publishes it to the
 * screens (`products` in the store). Resolves to the products, or null while the phone has no copy
 * (the first download then fills memory as well).
 */
export function loadCopy(): Promise<readonly Product[] | null> {
  memoryWanted = true;
  if (byId) return Promise.resolve(useCatalogueCopy.getState().products);
  return serially(async () => {
    if (byId) return useCatalogueCopy.getState().products;
    const meta = await readMeta();
    if (!meta) return null;
    const products = await copyStore()('readonly', (store) => promisifyRequest(store.getAll(PRODUCT_KEYS()) as IDBRequest<Product[]>));
    byId = new Map(products.map((product) => [product._id, product]));
    publish();
    return useCatalogueCopy.getState().products;
  }).catch(() => {
    // No IndexedDB to read (a private window of some browsers): as good as no copy.
    useCatalogueCopy.setState({ kept: 'none' });
    return null;
  });
}

/**
 * One product of the copy by its address (slug) or id, without reading the rest (a product page);
 * undefined when the copy lacks it. Products are kept by id, beside their addresses (addressKey).
 */
export function copiedProduct(address: string): Promise<Product | undefined> {
  if (byId) return Promise.resolve(byId.get(address) ?? [...byId.values()].find((product) => product.slug === address));
  return serially(() =>
    copyStore()('readonly', async (store) => {
      const byKey = await promisifyRequest(store.get(address) as IDBRequest<Product | undefined>);
      if (byKey) return byKey;
      const id = await promisifyRequest(store.get(addressKey(address)) as IDBRequest<string | undefined>);
      return id === undefined ? undefined : promisifyRequest(store.get(id) as IDBRequest<Product | undefined>);
    }),
  ).catch(() => undefined);
}

/** The same changes on the copy in memory (when a screen has it), once they are written. */
function applyToMemory(changes: CatalogueChanges): void {
  if (changes.full) {
    if (!byId && !memoryWanted) return;
    byId = new Map();
  }
  if (!byId) return;
  for (const id of changes.deleted) byId.delete(id);
  for (const product of changes.products) byId.set(product._id, product);
  for (const level of changes.stock) {
    const product = byId.get(level._id);
    if (product) byId.set(level._id, withLevel(product, level));
  }
  publish();
}

const changed = (changes: CatalogueChanges) => changes.full || changes.products.length > 0 || changes.deleted.length > 0 || changes.stock.length > 0;

/** What the Network Information API says of the connection (Chromium on Android; absent elsewhere). */
interface Connection extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}
const connectionOf = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/**
 * Save-Data, or a slow connection, and not on Wi-Fi: the whole catalogue waits for Wi-Fi or for the
 * shopper to ask. A phone that does not say counts as able.
 */
function mustWait(): boolean {
  const connection = connectionOf();
  if (!connection || connection.type === 'wifi') return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** How often, and how long at most, the first download looks for the first screen being usable. */
const LIVE_POLL_MS = 200;
const LIVE_WAIT_MS = 15_000;

/**
 * The first download waits for the page's own loads (its images) and for the app to have taken
 * over the server's page: its controls lose `data-starting` once they work (lib/page-context.tsx),
 * so the first screen is usable before a byte of the copy moves.
 */
async function pageLoaded(): Promise<void> {
  if (document.readyState !== 'complete') await new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  for (let waited = 0; waited < LIVE_WAIT_MS && document.querySelector('[data-starting]'); waited += LIVE_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
  }
}

function fetchChanges(since: string | undefined): Promise<CatalogueChanges> {
  const options = since === undefined ? { timeout: FULL_DOWNLOAD_TIMEOUT_MS } : { searchParams: { since } };
  return apiCall((): Promise<StartupAnswers['catalogueChanges']> => publicHttp.get('catalogueChanges', options).json(), MESSAGES.productsFetchFailed);
}

/** When the last sync began (ms): a focus syncs again only once the copy may have gone stale. */
let lastSyncAt = 0;

async function runSync(): Promise<void> {
  const meta = await knownMeta();
  if (!meta) {
    if (mustWait() && !asked) {
      useCatalogueCopy.setState({ download: 'waiting' });
      return;
    }
    useCatalogueCopy.setState({ download: 'running' });
    await pageLoaded();
  }
  lastSyncAt = Date.now();
  // The first download in a worker where the browser can (megabytes of JSON to read and write);
  // later syncs are small and stay here. Null changes: the worker has the whole catalogue.
  let changes: CatalogueChanges | null = null;
  try {
    const download = meta ? null : await workerDownload();
    const fetched = download ? null : await fetchChanges(meta?.version);
    const next: CopyMeta = { version: download?.version ?? fetched?.version ?? '', syncedAt: Date.now() };
    await serially(() => (fetched ? writeChanges(fetched, next) : (download?.write(next) ?? Promise.resolve())));
    metaRead = Promise.resolve(next);
    changes = fetched;
    if (fetched) applyToMemory(fetched);
    else if (memoryWanted) {
      // A screen that wanted the copy in memory reads it from IndexedDB, as after a reload.
      byId = null;
      await loadCopy();
    }
    useCatalogueCopy.setState({ kept: 'saved', syncedAt: next.syncedAt, download: 'idle' });
  } catch {
    // The copy stays as it was (a failed write changed nothing); the next reconnect, focus or change tries again.
    if (!meta) useCatalogueCopy.setState({ download: 'failed' });
    return;
  }
  if (!meta) void dropLegacyCatalogueCopies();
  // A product page shows its product from the copy: it reads the copy again.
  if (!changes || changed(changes)) void queryClient.invalidateQueries({ queryKey: [CATALOGUE_KEY, 'product'] });
}

/** The worker's download (catalogue-download.ts), or null where no worker runs or it failed: the page downloads itself. */
const workerDownload = () => import('./catalogue-download').then(({ downloadInWorker }) => downloadInWorker()).catch(() => null);

const syncs = oneAtATime(runSync);

/**
 * Brings the copy up to date: the whole catalogue the first time (unless it must wait, `mustWait`),
 * then only what changed since its version. One sync at a time; one asked for meanwhile runs after.
 * A failure keeps the copy as it was.
 */
export function syncCatalogueCopy(): Promise<void> {
  return syncs.run();
}

/** "Save the shop for offline use": the whole catalogue now, whatever the connection. */
export function saveShopForOffline(): Promise<void> {
  asked = true;
  return syncCatalogueCopy();
}

let stopSync: (() => void) | null = null;

/**
 * Keeps the copy in step (app.tsx, after the first screen; idempotent): a sync now, when the
 * connection returns, when the shopper comes back to the shop once the copy may be stale
 * (STOCK_STALE_MS), on the phone's own changes (catalogueChanged), and, for a first download that
 * waits, when the phone joins Wi-Fi. Returns a function that stops following (tests).
 */
export function startCatalogueSync(): () => void {
  if (stopSync) return stopSync;
  const sync = () => void syncCatalogueCopy();
  const onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastSyncAt >= STOCK_STALE_MS) sync();
  };
  const onConnectionChange = () => {
    if (connectionOf()?.type === 'wifi' && useCatalogueCopy.getState().download === 'waiting') sync();
  };
  const connection = connectionOf();
  window.addEventListener('online', sync);
  document.addEventListener('visibilitychange', onVisible);
  connection?.addEventListener('change', onConnectionChange);
  const unlisten = onCatalogueChangedHere(sync);
  stopSync = () => {
    window.removeEventListener('online', sync);
    document.removeEventListener('visibilitychange', onVisible);
    connection?.removeEventListener('change', onConnectionChange);
    unlisten();
    stopSync = null;
  };
  sync();
  return stopSync;
}

/**
 * The whole catalogue as earlier versions kept it (one zustand entry, then the persisted
 * `['catalogue', 'all']` query): never read again, so freed once this copy is saved.
 */
function dropLegacyCatalogueCopies(): Promise<unknown> {
  const queries = createStore(QUERY_DATABASE.name, QUERY_DATABASE.store);
  return Promise.all([del('catalogue'), del(`query-${JSON.stringify([CATALOGUE_KEY, 'all'])}`, queries)]).catch(() => undefined);
}

/** What a screen asks of the copy: a page's filters, order and size (as `GET /products` takes them). */
export interface LocalQuery {
  category?: Category;
  q?: string;
  sort?: ProductPageSort;
  limit?: number;
}

/**
 * The copy's answer to a listing's query, as the server would give it: the category's products, the
 * search's matches (best match first unless a sort is asked), in the asked order, at most `limit`.
 */
export function pageOf(products: readonly Product[], { category, q, sort, limit }: LocalQuery): Pick<ProductPageAnswer, 'data' | 'total'> {
  let list = category ? products.filter((product) => isInCategory(product, category)) : products;
  if (q) list = matchProducts(list, q);
  if (sort !== 'relevance' && (sort || !q)) list = sortProducts(list, sort ?? DEFAULT_SORT);
  return { data: limit === undefined ? [...list] : list.slice(0, limit), total: list.length };
}

/** Forgets the copy on the phone and in memory, and stops following (tests). */
export async function forgetCatalogueCopy(): Promise<void> {
  stopSync?.();
  await syncs.running()?.catch(() => undefined);
  await serially(() => copyStore()('readwrite', (store) => promisifyRequest(store.clear())));
  byId = null;
  memoryWanted = false;
  asked = false;
  metaRead = null;
  lastSyncAt = 0;
  useCatalogueCopy.setState(INITIAL_COPY_STATE);
}
