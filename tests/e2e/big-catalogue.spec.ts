import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, CDPSession, Locator, Page } from '@playwright/test';
import { formatCedis } from '@/shared/money';
import type { Product } from '@/shared/types';
import { BIG_CATALOGUE_SIZE } from './big-catalogue';
import { adminHeaders, expect, test } from './fixtures';
import { keptCatalogueSize } from './offline-fixtures';

/**
 * Issue 30 at 5,000 products (the big shop: playwright.config.ts, project phone-big-catalogue, seeded
 * by big-catalogue-seed.ts), at phone size:
 * - the shop page scrolls to its end and back at 4× CPU throttling (of a usual day's machine:
 *   PHONE_SLOWDOWN) with no task over 50 ms (a Chromium trace) and never more than about 60 product cards in the page;
 * - a first visit moves at most 150 KB (gzip) of data before its first screen is usable;
 * - a returning visit after 10 product edits moves at most 20 KB of catalogue data.
 * Each prints its figures. The tests run one after the other (they time the page), after every other
 * project (the project's dependencies), so nothing else shares the two cores.
 */
test.describe.configure({ mode: 'default' });
// The service worker's precache (scripts and styles) is no data, and its work would share the cores.
test.use({ serviceWorkers: 'block' });

const MAX_CARDS = 60;
const LONG_TASK_MS = 50;
const FIRST_VISIT_DATA_BUDGET = 150 * 1024;
const RETURN_VISIT_DATA_BUDGET = 20 * 1024;
const EDITS = 10;

/**
 * The emulated phone is 4× slower than a usual day's CI machine, not 4× slower than whatever machine
 * runs the test: machines of one kind differ up to 3× in speed (issue 41's day: the same scroll at 4×
 * took 45-75 ms of thread time where earlier days measured 16-45 ms). The throttling rate is scaled by
 * how long a fixed piece of script takes in the page here and now (as Lighthouse scales its
 * throttling by its benchmark index), within 1× to 8×. REFERENCE_WORK_MS is that script's time on a
 * usual day, estimated from issue 41's slow day (18-22 ms) and the ratio of the thread times above.
 */
const PHONE_SLOWDOWN = 4;
const REFERENCE_WORK_MS = 12;

/** Median time in the page of a fixed, allocation-heavy piece of script (objects, strings, a sort). */
async function scriptWorkMs(page: Page): Promise<number> {
  const runs = await page.evaluate(() => {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `Product ${(i * 7919) % 20_000}`, price: (i * 31) % 997 }));
      rows.sort((a, b) => a.name.localeCompare(b.name));
      let total = 0;
      for (const row of rows) total += row.price + row.name.length;
      times.push(performance.now() - start + (total < 0 ? 1 : 0));
    }
    return times.sort((a, b) => a - b);
  });
  return runs[2] ?? 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const productList = (page: Page) => page.getByRole('main').getByRole('list', { name: 'PRODUCTS' });

/** The first card is on screen, its link works and React runs the page (its Add to Cart answers). */
async function firstScreenUsable(page: Page): Promise<Locator> {
  const first = productList(page).getByRole('listitem').first();
  await expect(first.getByRole('link')).toBeVisible({ timeout: 30_000 });
  await expect(first.getByRole('button', { name: /^Add to Cart/ })).toBeEnabled({ timeout: 30_000 });
  return first;
}

/** The page has nothing left to do: no request for a while and several idle periods of a whole frame budget. */
/**
 * The whole list of 5,000 in the page: online the shop brings it a page of 24 at a time as the
 * shopper scrolls; once the phone keeps its complete copy (downloaded in the background after the
 * first screen), a phone without a connection lists every product from it at once. That is the long
 * list the window has to keep smooth, so these tests wait for the copy and then cut the network.
 */
async function openWholeList(page: Page): Promise<void> {
  await page.goto('/products');
  await firstScreenUsable(page);
  await expect.poll(() => page.evaluate(keptCatalogueSize), { message: 'the phone keeps the whole catalogue', timeout: 60_000 }).toBe(BIG_CATALOGUE_SIZE);
  await page.context().setOffline(true);
  await expect(productList(page).locator(`li[aria-setsize="${BIG_CATALOGUE_SIZE}"]`).first()).toBeAttached({ timeout: 30_000 });
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = 0;
        const idle = (deadline: IdleDeadline) => {
          quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
          if (quiet >= 10) resolve();
          else requestIdleCallback(idle, { timeout: 1_000 });
        };
        requestIdleCallback(idle, { timeout: 1_000 });
      }),
  );
}

interface ScrollFigures {
  frames: number;
  /** The most list items (cards and placeholders) in the page in any frame. */
  maxCards: number;
  /** Frames whose screen showed nothing of the list where the list covers it (a gap the window left open). */
  blankFrames: number;
  /** Frames showing a card's placeholder (drawn at once after a jump, its card coming a moment later), in flings and after jumps. */
  placeholderFrames: { fling: number; jump: number };
  reachedEnd: boolean;
}

/**
 * Scrolls in the page, frame by frame: `fling` moves `pxPerFrame` each frame over `distance`;
 * `jump` goes straight to each fraction of the page's height (the scrollbar dragged, End or Home)
 * and stays a few frames. Each frame counts the list's items and looks at what the screen shows.
 */
function drive(page: Page, moves: ({ fling: number; pxPerFrame: number } | { jump: number })[]): Promise<ScrollFigures> {
  return page.evaluate(async (moves) => {
    const list = document.querySelector<HTMLUListElement>('main ul[aria-label="PRODUCTS"]');
    if (!list) throw new Error('no product list');
    const figures = { frames: 0, maxCards: 0, blankFrames: 0, placeholderFrames: { fling: 0, jump: 0 }, reachedEnd: false };
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    /** What the screen shows at three heights of the first column (a point in the gap between rows tries 16 px lower). */
    const onScreen = (): 'cards' | 'placeholders' | 'blank' => {
      const box = list.getBoundingClientRect();
      if (box.top > 0 || box.bottom < innerHeight) return 'cards';
      const items = [0.1, 0.5, 0.9].map((f) =>
        [0, 16]
          .flatMap((dy) => document.elementsFromPoint(innerWidth / 4, innerHeight * f + dy))
          .find((el) => el !== list && list.contains(el))
          ?.closest('li'),
      );
      if (items.some((li) => !li)) return 'blank';
      return items.some((li) => li?.getAttribute('aria-hidden') === 'true') ? 'placeholders' : 'cards';
    };
    const look = (kind: 'fling' | 'jump') => {
      figures.frames += 1;
      figures.maxCards = Math.max(figures.maxCards, list.childElementCount);
      const shown = onScreen();
      if (shown === 'blank') figures.blankFrames += 1;
      if (shown === 'placeholders') figures.placeholderFrames[kind] += 1;
    };
    for (const move of moves) {
      if ('jump' in move) {
        const max = document.documentElement.scrollHeight - innerHeight;
        window.scrollTo(0, Math.round(max * move.jump));
        for (let i = 0; i < 3; i++) {
          await frame();
          look('jump');
        }
      } else {
        let left = Math.abs(move.fling);
        while (left > 0) {
          const step = Math.min(move.pxPerFrame, left);
          left -= step;
          window.scrollBy(0, Math.sign(move.fling) * step);
          await frame();
          look('fling');
        }
      }
      const last = list.lastElementChild;
      if (last?.getAttribute('aria-posinset') === last?.getAttribute('aria-setsize') && last !== null) figures.reachedEnd = true;
    }
    return figures;
  }, moves);
}

/**
 * The page's main-thread tasks in a Chromium trace (Tracing.start … Tracing.end): each task's wall
 * time and its thread time (the main thread's own running time, which under CPU throttling includes
 * the throttling but not the time spent waiting for a core that other processes hold).
 */
async function traced<T>(cdp: CDPSession, body: () => Promise<T>): Promise<{ result: T; wallMs: number[]; threadMs: number[] }> {
  type TraceEvent = { name: string; ph: string; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', '__metadata', ...(process.env.TRACE_DEBUG ? ['devtools.timeline', 'v8', 'blink.user_timing'] : [])] },
    transferMode: 'ReportEvents',
  });
  const result = await body();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mainThreads.has(`${e.pid}:${e.tid}`));
  expect(tasks.length, 'the trace holds the main thread’s tasks').toBeGreaterThan(0);
  if (process.env.TRACE_DEBUG) {
    type Timed = TraceEvent & { ts: number };
    for (const task of (tasks as Timed[]).filter((t) => (t.tdur ?? t.dur ?? 0) > 40_000)) {
      const inside = (events as Timed[]).filter(
        (e) => e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && (e.dur ?? 0) > 3_000,
      );
      console.log(
        `long task ${((task.dur ?? 0) / 1000).toFixed(1)} ms:`,
        inside
          .map(
            (e) =>
              `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}${JSON.stringify((e.args as { data?: { functionName?: string; url?: string } })?.data?.functionName ?? '')}`,
          )
          .join(' | '),
      );
    }
  }
  return { result, wallMs: tasks.map((t) => (t.dur ?? 0) / 1000), threadMs: tasks.map((t) => (t.tdur ?? t.dur ?? 0) / 1000) };
}

test('scrolling 5,000 products to the end and back at 4× CPU throttling: no task over 50 ms, never more than 60 cards in the page', async ({ page }) => {
  const hydrationErrors = watchHydrationErrors(page);
  await page.goto('/products');
  await firstScreenUsable(page);
  // React took over the server's first page without a mismatch, and the count is the whole shop's.
  expect(hydrationErrors).toEqual([]);
  await expect(page.getByText(`${BIG_CATALOGUE_SIZE} products`)).toBeVisible();
  await openWholeList(page);
  await settled(page);
  // The browser's own count of tasks over 50 ms, beside the trace.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.duration);
    }).observe({ type: 'longtask' });
  });

  const workMs = await scriptWorkMs(page);
  const rate = Math.min(8, Math.max(1, (PHONE_SLOWDOWN * REFERENCE_WORK_MS) / workMs));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const started = Date.now();
  const {
    result: figures,
    wallMs,
    threadMs,
  } = await traced(cdp, async () => {
    // A fast fling down (about 9,000 px a second), the scrollbar dragged through the list to its end,
    // a fling up from the end, and the scrollbar back to the top.
    const down = await drive(page, [{ fling: 20_000, pxPerFrame: 150 }, { jump: 0.25 }, { jump: 0.5 }, { jump: 0.75 }, { jump: 1 }]);
    const up = await drive(page, [{ fling: -20_000, pxPerFrame: 150 }, { jump: 0.6 }, { jump: 0.3 }, { jump: 0 }, { fling: 5_000, pxPerFrame: 150 }]);
    return {
      frames: down.frames + up.frames,
      maxCards: Math.max(down.maxCards, up.maxCards),
      blankFrames: down.blankFrames + up.blankFrames,
      placeholderFrames: { fling: down.placeholderFrames.fling + up.placeholderFrames.fling, jump: down.placeholderFrames.jump + up.placeholderFrames.jump },
      reachedEnd: down.reachedEnd,
    };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);

  // On a busy machine (other processes holding the cores) a task also waits for a core: its wall
  // time grows with the machine's load, not with the page's work. The thread time is the page's own.
  const [load] = loadavg();
  const quiet = (load ?? 0) < cpus().length;
  const over = (durations: number[]) => durations.filter((d) => d > LONG_TASK_MS).length;
  const longestThread = Math.max(...threadMs);
  const longestWall = Math.max(...wallMs);
  console.log(
    `big catalogue scroll (CPU throttled ${rate.toFixed(1)}×: the reference script took ${workMs.toFixed(0)} ms here against ${REFERENCE_WORK_MS} ms; ` +
      `load ${load?.toFixed(1)} on ${cpus().length} cores): ${figures.frames} frames in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `longest task ${longestThread.toFixed(1)} ms thread time, ${longestWall.toFixed(1)} ms wall time; over ${LONG_TASK_MS} ms: ${over(threadMs)} by thread time, ` +
      `${over(wallMs)} by wall time (longtask entries: ${longTasks.map((d) => d.toFixed(0)).join(', ') || 'none'}); ` +
      `most cards in the page ${figures.maxCards}; frames with nothing on screen ${figures.blankFrames}, ` +
      `with placeholders ${figures.placeholderFrames.fling} in flings and ${figures.placeholderFrames.jump} of 24 right after the 8 jumps`,
  );
  expect(figures.reachedEnd, 'the scroll reached the last product').toBe(true);
  expect(figures.maxCards).toBeGreaterThan(0);
  expect(figures.maxCards).toBeLessThanOrEqual(MAX_CARDS);
  expect(figures.blankFrames).toBe(0);
  expect(longestThread).toBeLessThanOrEqual(LONG_TASK_MS);
  if (quiet) expect(longestWall, 'wall time, the machine being quiet').toBeLessThanOrEqual(LONG_TASK_MS);
});

test('online, the shop brings the next page as the shopper scrolls to the end of what is listed', async ({ page }) => {
  const pagesAsked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products' && url.searchParams.has('cursor')) pagesAsked.push(url.search);
  });
  await page.goto('/products');
  await firstScreenUsable(page);
  const listed = () =>
    page.evaluate(() => Number(document.querySelector('main ul[aria-label="PRODUCTS"] > li:last-child')?.getAttribute('aria-posinset') ?? 0));
  expect(await listed()).toBeLessThanOrEqual(24);
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(listed).toBeGreaterThan(24 * (i + 1));
  }
  // One request per page, each from where the last ended: no page asked twice.
  expect(pagesAsked.length).toBeGreaterThanOrEqual(3);
  expect(new Set(pagesAsked).size).toBe(pagesAsked.length);
});

/**
 * React's complaints about taking over the server's page (a hydration mismatch: in a production build
 * "Minified React error #418" and its kin), from the console and uncaught errors.
 */
function watchHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const hydration = /hydrat|did not match|React error #(418|419|421|422|423|425)\b/i;
  page.on('console', (message) => {
    if (message.type() === 'error' && hydration.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (hydration.test(error.message)) errors.push(error.message);
  });
  return errors;
}

/** The card nearest the top of the screen, below the top bar: its place in the list and its name. */
function cardOnScreen(page: Page): Promise<{ position: number; name: string; scrollY: number } | null> {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll<HTMLElement>('main ul[aria-label="PRODUCTS"] > li[aria-posinset]')];
    const onScreen = items.find((li) => li.getBoundingClientRect().top >= 80 && li.getBoundingClientRect().bottom <= innerHeight);
    const name = onScreen?.querySelector('a')?.textContent;
    return onScreen && name ? { position: Number(onScreen.getAttribute('aria-posinset')), name, scrollY } : null;
  });
}

test('back from a product, the long list is where the shopper left it', async ({ page }) => {
  // Online: the pages brought so far come back with the list (kept by the app), and the place with them.
  await page.goto('/products');
  await firstScreenUsable(page);
  const listed = () =>
    page.evaluate(() => Number(document.querySelector('main ul[aria-label="PRODUCTS"] > li:last-child')?.getAttribute('aria-posinset') ?? 0));
  for (let pages = 1; pages < 5; pages++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(listed).toBeGreaterThan(24 * pages);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
  await expect.poll(() => cardOnScreen(page)).not.toBeNull();
  const left = (await cardOnScreen(page)) as { position: number; name: string; scrollY: number };
  expect(left.position).toBeGreaterThan(48);

  await productList(page).getByRole('link', { name: left.name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: left.name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(left.scrollY);
  await expect.poll(async () => (await cardOnScreen(page))?.position).toBe(left.position);
  await expect(productList(page).getByRole('link', { name: left.name, exact: true }).first()).toBeInViewport();
});

test('Tab walks the long list card after card, the window following the focus', async ({ page }) => {
  await openWholeList(page);
  await page.evaluate(() => window.scrollTo(0, 40_000));
  await expect.poll(() => cardOnScreen(page)).not.toBeNull();
  const start = (await cardOnScreen(page)) as { position: number; name: string };
  await productList(page).getByRole('link', { name: start.name, exact: true }).first().focus();
  const focusedAt = () => page.evaluate(() => Number(document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? 0));
  let position = await focusedAt();
  expect(position).toBe(start.position);
  // A card's link and its two buttons (an out-of-stock card's are disabled): 60 presses cross 20 cards or more.
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    const next = await focusedAt();
    expect(next - position, `Tab ${press + 1} from card ${position}`).toBeGreaterThanOrEqual(0);
    expect(next - position, `Tab ${press + 1} from card ${position}`).toBeLessThanOrEqual(1);
    position = next;
  }
  expect(position).toBeGreaterThanOrEqual(start.position + 20);
  expect(await productList(page).getByRole('listitem').count()).toBeLessThanOrEqual(MAX_CARDS);
});

/** Encoded bytes of the page's data answers (`/api/…`), each with the time its request started. */
function recordData(page: Page, matches: (path: string) => boolean) {
  const answers: { path: string; bytes: number; startedAt: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!matches(path)) return;
    const startedAt = request.timing().startTime;
    pending.push(
      request.sizes().then((sizes) => {
        answers.push({ path, bytes: sizes.responseBodySize + sizes.responseHeadersSize, startedAt });
      }),
    );
  });
  return {
    /** Every answer whose request started by `time` (ms since the epoch), once all have finished. */
    async startedBy(time: number) {
      await Promise.all(pending);
      return answers.filter((a) => a.startedAt <= time);
    },
  };
}

/**
 * Notes in the page (Date.now) the moment its first screen is usable, as firstScreenUsable defines it:
 * the first card's Add to Cart enabled. A MutationObserver sees it in the task React enables it,
 * before anything the page starts afterwards (the offline copy's download waits for that moment, and
 * on localhost it finishes in milliseconds: a test polling for the button saw it arrive first).
 */
async function noteWhenUsable(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const marked = window as Window & { usableAt?: number };
    const usable = () => {
      const card = document.querySelector('main ul[aria-label="PRODUCTS"] > li');
      const add = card && [...card.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? '').startsWith('Add to Cart'));
      return Boolean(add && !add.disabled);
    };
    const observer = new MutationObserver(() => {
      if (marked.usableAt !== undefined || !usable()) return;
      marked.usableAt = Date.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  return async () => {
    const at = await page.evaluate(() => (window as Window & { usableAt?: number }).usableAt);
    expect(at, 'the moment the first screen became usable').toBeDefined();
    return at ?? 0;
  };
}

/** The page's embedded state (the server's query cache in the HTML), as gzip would send it. */
function embeddedStateBytes(html: string): number {
  const state = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return state ? gzipSync(state).length : 0;
}

const describeAnswers = (answers: { path: string; bytes: number }[]) => answers.map((a) => `${a.path} ${kb(a.bytes)}`).join(', ') || 'none';

/** The paged listing and change sync of issue 30's data side (the contract in src/shared/catalogue.ts). */
async function pagedCatalogueServed(request: APIRequestContext): Promise<boolean> {
  // A version too long to be one is refused (400) by a server that has the route, without sending the catalogue.
  const [page, changes] = await Promise.all([request.get('/api/products?limit=1'), request.get(`/api/catalogueChanges?since=${'x'.repeat(101)}`)]);
  return page.ok() && changes.status() !== 404;
}
const NOT_PAGED_YET =
  'needs issue 30’s data side: GET /api/products (paged) and /api/catalogueChanges on the server, the infinite query and the change-synced offline copy in the storefront';

test('a first visit to /products moves at most 150 KB of data (gzip) before its first screen is usable', async ({ page, request }) => {
  test.fixme(!(await pagedCatalogueServed(request)), NOT_PAGED_YET);
  const data = recordData(page, (path) => path.startsWith('/api/'));
  const usableAt = await noteWhenUsable(page);
  const response = await page.goto('/products');
  const state = embeddedStateBytes((await response?.text()) ?? '');
  await firstScreenUsable(page);
  const answers = await data.startedBy(await usableAt());
  const total = state + answers.reduce((sum, a) => sum + a.bytes, 0);
  console.log(
    `big catalogue first visit: ${kb(total)} of data before the first screen is usable (embedded state ${kb(state)} gzip; ${describeAnswers(answers)})`,
  );
  expect(total).toBeLessThanOrEqual(FIRST_VISIT_DATA_BUDGET);
});

test('a returning visit after 10 product edits moves at most 20 KB of catalogue data', async ({ page, context, request }) => {
  test.fixme(!(await pagedCatalogueServed(request)), NOT_PAGED_YET);
  // The first visit: the phone keeps its copy of the catalogue.
  await page.goto('/products');
  await firstScreenUsable(page);
  await settled(page);
  await page.close();

  // The admin edits 10 products.
  const headers = await adminHeaders(request);
  const listed = await request.get('/api/products', { params: { limit: EDITS, sort: 'newest' } });
  expect(listed.ok(), await listed.text()).toBe(true);
  const products = ((await listed.json()) as { data: Product[] }).data;
  expect(products).toHaveLength(EDITS);
  for (const product of products) {
    const edited = await request.patch(`/api/updateProductInfo/${product._id}`, { headers, multipart: { price: String(product.price + 1) } });
    expect(edited.ok(), await edited.text()).toBe(true);
  }

  // The shopper comes back, to the newest products: the ones just edited.
  const again = await context.newPage();
  const data = recordData(again, (path) => /^\/api\/(getProducts|products|catalogueChanges|stock|getSingleProductById)\b/.test(path));
  const response = await again.goto('/products?sort=newest');
  const state = embeddedStateBytes((await response?.text()) ?? '');
  const first = await firstScreenUsable(again);
  await settled(again);
  const answers = await data.startedBy(Date.now());
  const total = state + answers.reduce((sum, a) => sum + a.bytes, 0);
  console.log(
    `big catalogue returning visit after ${EDITS} edits: ${kb(total)} of catalogue data (embedded state ${kb(state)} gzip; ${describeAnswers(answers)})`,
  );
  // The edits reached the phone: the newest product shows its new price.
  const newest = products[0] as Product;
  await expect(first.getByRole('link')).toHaveText(newest.name);
  await expect(first).toContainText(formatCedis(newest.price + 1));
  expect(total).toBeLessThanOrEqual(RETURN_VISIT_DATA_BUDGET);
});
