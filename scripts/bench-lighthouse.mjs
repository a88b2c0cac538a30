#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse (12, default mobile settings: Moto G Power emulation, simulated
 * throttling at 150 ms RTT, 1.6 Mbps and a 4x CPU slowdown) against the built shop, in the system
 * Chromium, on every public page a shopper lands on: `/`, `/products`, a category (`/skin`), the page
 * of the first product in stock, a search (`/search?q=shea`), the brand, about and contact pages, the
 * cart, sign-in, sign-up and order look-up, and `/products` again in a shop of 5,000 products
 * (`products-5000`: a second server seeded by the e2e suite's big-shop seed, tests/e2e/big-catalogue-seed.ts).
 * Prints the scores, LCP, CLS, TBT and the start-up script against the targets (see docs/performance.md,
 * Lighthouse), with all the script the load fetched beside it (no target), the failing accessibility,
 * SEO and best-practices audits, the main performance opportunities and the main-thread tasks of 100 ms
 * or more (Lighthouse's long-tasks audit: the script and what the task spent its time on); writes
 * reports/lighthouse/<page>.html and reports/lighthouse/summary.json. Exits 1 when a target is missed. On the pages robots.txt closes to
 * search engines (cart, sign-in, sign-up, order look-up) the SEO target is every SEO audit but
 * is-crawlable. A run Lighthouse fails to record (NO_NAVSTART…) is tried twice more.
 *
 * Two script figures, in KiB as transferred (compressed, headers included): start-up script
 * (`scriptKiB`, target 150 KiB) counts only the Script requests for the page's start-up files as
 * `npm run check:budget` counts them (the entry, the start-up stages, the route file's chunks and their
 * static imports, from the measured build's own Vite manifest: each page's `route` below); all script
 * (`allScriptKiB`, no target) is every Script request of the load, the idle-time prefetches (the HTTP
 * library, toasts, the catalogue copy and its worker, web-vitals, the lazy header and footer parts…)
 * included. A build with no chunk of a page's route file counts the entry and start-up stages only, with
 * a footnote (scripts/lighthouse/startup.mjs).
 *
 * LH_BASELINE=<commit> (e.g. HEAD~1) measures that commit's build in the same run, to judge a change
 * against its parent on the same machine: the commit is checked out in a temporary git worktree
 * outside the repository (this checkout's node_modules hard-linked when the lock files are the same,
 * else `npm ci`), built, and started on its own ports and data folders; each page's runs alternate
 * baseline, current, baseline, current… so the machine's drift hits both. A second table compares
 * them page by page (performance, LCP, TBT and its change, CLS, both script figures, and Lighthouse's benchmark
 * index of every run); the long tasks are listed for both; summary.json gets a `baseline` part and the
 * reports reports/lighthouse/baseline-<page>.html. A page the baseline does not have (not answered
 * 200) or cannot seed (no big-shop seed) is left out for it, with a note. The worktree, servers and
 * data folders are removed at the end, on Ctrl-C too.
 *
 * Lighthouse's simulated throttling multiplies the CPU time it measures, so each run waits until the
 * machine's 1-minute load average is below 1 (at most LH_LOAD_WAIT seconds, 300 by default; a run
 * taken above it is flagged in the output and the summary), and prints the load it ran at.
 *
 * Builds first when there is no build. Starts `node dist/server/index.js` on a free port with a
 * throwaway data folder (the demo catalogue is seeded on its first start) and stops it at the end.
 * LH_RUNS (1) runs each page that many times (per build) and keeps the median run (Lighthouse's own
 * choice: closest to the median FCP and TTI), each run in a fresh Chrome profile. CHROMIUM_PATH
 * (/usr/bin/chromium) and LH_PORT (the demo shop's port; a free one by default) override the defaults;
 * LH_PAGES=home,category,products-5000 runs only those pages (names as in PAGES below).
 *
 * Beside this file: scripts/lighthouse/report.mjs (the figures, targets and tables),
 * scripts/lighthouse/startup.mjs (the start-up and all script figures), scripts/lighthouse/tasks.mjs (the
 * long tasks) and scripts/lighthouse/shops.mjs (builds, servers, clean-up).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { sleep } from './bench-server.mjs';
import { printComparison, printDetails, printLongTasks, printTable, runFigures, summarise } from './lighthouse/report.mjs';
import { BIG_SEED, baselineBuild, canSeedBig, cleanUp, startShop } from './lighthouse/shops.mjs';
import { startupScripts } from './lighthouse/startup.mjs';
import { longTasks } from './lighthouse/tasks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'reports/lighthouse');
const runs = Math.max(1, Number.parseInt(process.env.LH_RUNS ?? '1', 10) || 1);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baselineRef = process.env.LH_BASELINE?.trim() || undefined;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The public pages a shopper lands on, all drawn by the server (the cart as its frame, waiting for the
 * phone's cart). Not measured: the admin, a shopper's own pages (orders, an order, an order link),
 * checkout (it needs a cart) and the password pages.
 * `path` may be a function of the shop's address; `catalogue: 'big'` runs on the 5,000-product shop;
 * `crawlable: false`: robots.txt closes the page to search engines, so its SEO target leaves out
 * Lighthouse's is-crawlable audit (scripts/lighthouse/report.mjs). `route`: the page's file under
 * src/client/routes, whose chunks count in its start-up script (scripts/lighthouse/startup.mjs).
 * `form: true`: a page that is a form, whose start-up script carries the form library and the shared
 * schemas (its own target, scripts/lighthouse/report.mjs FORM_PAGE_SCRIPT_KIB).
 */
const PAGES = [
  { name: 'home', path: '/', route: 'index.tsx' },
  { name: 'products', path: '/products', route: 'products.tsx' },
  { name: 'category', path: '/skin', route: 'skin.tsx' },
  { name: 'product', path: productPath, route: 'product/$id.tsx' },
  { name: 'search', path: '/search?q=shea', route: 'search.tsx' },
  { name: 'our-brand', path: '/our-brand', route: 'our-brand.tsx' },
  { name: 'about', path: '/about', route: 'about.tsx' },
  { name: 'contact', path: '/contact', route: 'contact.tsx', form: true },
  { name: 'cart', path: '/cart', route: 'cart.tsx', crawlable: false },
  { name: 'signin', path: '/signin', route: 'signin.tsx', crawlable: false, form: true },
  { name: 'signup', path: '/signup', route: 'signup.tsx', crawlable: false, form: true },
  { name: 'order-lookup', path: '/orders/lookup', route: 'orders_.lookup.tsx', crawlable: false, form: true },
  { name: 'products-5000', path: '/products', route: 'products.tsx', catalogue: 'big' },
];

const loadWaitSeconds = Number.parseInt(process.env.LH_LOAD_WAIT ?? '300', 10);

/** Waits (up to LH_LOAD_WAIT s) for the 1-minute load average to fall below 1; returns the load the run starts at. */
async function quietMachine() {
  const deadline = Date.now() + loadWaitSeconds * 1000;
  while (loadavg()[0] >= 1 && Date.now() < deadline) await sleep(5000);
  return Math.round(loadavg()[0] * 100) / 100;
}

async function productPath(baseURL) {
  const res = await fetch(`${baseURL}/api/getProducts`);
  if (!res.ok) throw new Error(`GET /api/getProducts answered ${res.status}`);
  const body = await res.json();
  const products = Array.isArray(body) ? body : body?.data;
  const inStock = products?.find((p) => Number(p.stock) > 0);
  if (!inStock) throw new Error('no product in stock in the catalogue');
  return `/product/${encodeURIComponent(inStock._id)}`;
}

/**
 * LH_CPU_SLOWDOWN=12 stands this machine in for a slower one (a cheap phone, or the 2026-11-28 machine
 * whose Lighthouse benchmark index was about a third of this one's): the simulated CPU slowdown
 * instead of Lighthouse's 4x. Its figures are for comparing builds (with LH_BASELINE), not the targets.
 */
const cpuSlowdown = Number(process.env.LH_CPU_SLOWDOWN) || 0;
const SLOWER_CPU =
  cpuSlowdown > 0
    ? { extends: 'lighthouse:default', settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } }
    : undefined;

/** Lighthouse could not record the page (its lhr.runtimeError): worth another try. */
class LighthouseRunError extends Error {}

/** The Chrome of the run under way, for Ctrl-C to close. */
let chrome;

/** One Lighthouse run in a Chrome of its own (chrome-launcher gives each launch a fresh profile). */
async function runOnce(url) {
  if (interrupted) throw new Error('stopping: no more runs');
  // Our own Ctrl-C handler closes it (chrome-launcher's would exit before the servers and worktree are cleaned up).
  const launched = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false });
  chrome = launched;
  try {
    if (interrupted) throw new Error('stopping: no more runs');
    const result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: CATEGORIES }, SLOWER_CPU);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new LighthouseRunError(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    await launched.kill();
    chrome = undefined;
  }
}

/**
 * A run, tried again (twice at most) when Lighthouse itself fails to record the page (NO_NAVSTART,
 * NO_FCP…: seen on a loaded machine), so one bad recording does not end a run of dozens.
 */
async function runWithRetries(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (interrupted || attempt === 3 || !(error instanceof LighthouseRunError)) throw error;
      console.log(`  ${error.message}: trying again (${attempt + 1}/3)...`);
    }
  }
}

/** The builds' shops: the demo catalogue and, when a page needs it, 5,000 products. */
async function startShops(builds, pages) {
  const shops = new Map();
  for (const build of builds) {
    const demo = pages.some((p) => !p.catalogue)
      ? await startShop(build, { catalogue: 'demo', port: build.label === 'current' ? Number(process.env.LH_PORT) || 0 : 0 })
      : undefined;
    let big;
    if (pages.some((p) => p.catalogue === 'big')) {
      if (canSeedBig(build)) big = await startShop(build, { catalogue: 'big' });
      else console.log(`  ${build.label}: no ${BIG_SEED} to seed 5,000 products: products-5000 is left out for it.`);
    }
    shops.set(build.label, { demo, big });
    console.log(`  ${build.label}: ${[demo && `demo shop on ${demo.baseURL}`, big && `5,000 products on ${big.baseURL}`].filter(Boolean).join(', ')}`);
  }
  return shops;
}

/**
 * Each page's address in each build's shop, warmed (catalogue cache, static files) so no run pays for
 * a cold start, with its start-up files in that build; a page a build does not answer with 200 is left
 * out for it, with a note.
 */
async function resolvePages(builds, pages, shops) {
  const plan = [];
  for (const page of pages) {
    const targets = {};
    const notes = [];
    for (const build of builds) {
      const shop = shops.get(build.label)[page.catalogue ?? 'demo'];
      if (!shop) {
        notes.push({ build: build.label, reason: `no ${BIG_SEED} to seed 5,000 products` });
        continue;
      }
      const path = typeof page.path === 'function' ? await page.path(shop.baseURL) : page.path;
      const res = await fetch(`${shop.baseURL}${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) {
        notes.push({ build: build.label, reason: `${path} answered ${res.status}` });
        continue;
      }
      await (await fetch(`${shop.baseURL}/api/getProducts`)).arrayBuffer();
      targets[build.label] = { url: `${shop.baseURL}${path}`, path, startup: startupScripts(build.root, page.route) };
    }
    for (const note of notes) console.log(`  ${page.name}: left out for the ${note.build} build (${note.reason})`);
    plan.push({ page, targets, notes });
  }
  return plan;
}

/** Runs a page LH_RUNS times per build, builds alternating; writes each build's median report; its summary per build. */
async function measurePage(item, labels) {
  const { page, targets } = item;
  const results = Object.fromEntries(labels.map((l) => [l, []]));
  for (let i = 0; i < runs; i++) {
    for (const label of labels) {
      const target = targets[label];
      if (!target) continue;
      const load = await quietMachine();
      const busy = load >= 1 ? ` (load still ${load} after ${loadWaitSeconds} s: TBT and performance read high)` : '';
      const who = labels.length > 1 ? `${label} ` : '';
      console.log(`Lighthouse ${who}${page.name} (${target.path})${runs > 1 ? ` run ${i + 1}/${runs}` : ''} at load ${load}${busy}...`);
      let result;
      try {
        result = await runWithRetries(target.url);
      } catch (error) {
        if (!(error instanceof LighthouseRunError)) throw error;
        // Three failed recordings: the page goes unmeasured for this build (a miss), the rest goes on.
        console.log(`  ${page.name} left out for the ${label} build: ${error.message}`);
        item.notes.push({ build: label, reason: error.message });
        delete targets[label];
        results[label] = [];
        continue;
      }
      // The trace is only needed for the long tasks: let it go (tens of MB a run).
      results[label].push({ load, result, longTasks: await longTasks(result.lhr, result.artifacts) });
      result.artifacts = undefined;
    }
  }
  const rows = {};
  for (const label of labels) {
    const done = results[label];
    if (!done.length) continue;
    const median = runs > 1 ? computeMedianRun(done.map((r) => r.result.lhr)) : done[0].result.lhr;
    const medianAt = done.findIndex((r) => r.result.lhr === median);
    await writeFile(join(outDir, `${label === 'current' ? '' : `${label}-`}${page.name}.html`), done[medianAt].result.report);
    const figures = done.map((r) => runFigures(r.result.lhr, r.load, r.longTasks));
    rows[label] = summarise(page.name, targets[label].path, median, figures, medianAt, { ...page, startup: targets[label].startup });
  }
  return rows;
}

function printResults(measured, baseline) {
  const currentRows = measured.map((m) => m.current).filter(Boolean);
  console.log('');
  printTable(currentRows);
  printDetails(currentRows);
  const pairs = measured.filter((m) => m.current);
  if (baseline) printComparison(pairs, `${baseline.ref} (${baseline.subject.split(' ')[0]})`);
  printLongTasks(pairs, baseline ? baseline.ref : undefined);
}

// --- main ---------------------------------------------------------------------------------------

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.log(`\n${signal}: stopping the servers, removing the data folders${baselineRef ? ' and the baseline worktree' : ''}...`);
    Promise.resolve(chrome?.kill())
      .catch(() => {})
      .then(cleanUp)
      .finally(() => process.exit(130));
  });
}

// Closing Chrome under a running Lighthouse leaves its pending protocol calls to fail on their own:
// after Ctrl-C they are expected; otherwise they end the run, cleaned up.
for (const event of ['unhandledRejection', 'uncaughtException']) {
  process.on(event, (error) => {
    if (interrupted) return;
    console.error(`bench:lighthouse failed: ${error instanceof Error ? error.stack : error}`);
    cleanUp().finally(() => process.exit(1));
  });
}

let exitCode = 0;
const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
try {
  const only = process.env.LH_PAGES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = only?.filter((name) => !PAGES.some((p) => p.name === name)) ?? [];
  if (unknown.length) throw new Error(`LH_PAGES: no page ${unknown.join(', ')} (pages: ${PAGES.map((p) => p.name).join(', ')})`);
  const pages = PAGES.filter((page) => !only || only.includes(page.name));

  if (!existsSync(join(root, 'dist/server/index.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
    console.log('No build found: building the shop first (about a minute)...');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  console.log(`Load average ${loadAtStart.join(' ')} (Lighthouse's simulated throttling scales measured CPU time: a busy machine inflates TBT).`);
  const current = { label: 'current', root };
  const baseline = baselineRef ? await baselineBuild(root, baselineRef) : undefined;
  const builds = baseline ? [baseline, current] : [current];
  console.log('Starting the built servers (throwaway data folders)...');
  const shops = await startShops(builds, pages);
  const plan = await resolvePages(builds, pages, shops);

  await mkdir(outDir, { recursive: true });
  const labels = builds.map((b) => b.label);
  const measured = [];
  for (const item of plan) {
    const path = item.targets.current?.path;
    const rows = await measurePage(item, labels);
    measured.push({ page: item.page.name, path, note: item.notes.map((n) => `${n.build}: ${n.reason}`).join('; '), ...rows });
  }

  const skipped = (label) => plan.filter((p) => !p.targets[label]).map((p) => ({ page: p.page.name, reason: p.notes.find((n) => n.build === label)?.reason }));
  const summary = {
    date: new Date().toISOString(),
    lighthouse: createRequire(import.meta.url)('lighthouse/package.json').version,
    chromium: chromePath,
    runsPerPage: runs,
    loadAverageAtStart: loadAtStart,
    settings: 'Lighthouse defaults: mobile, simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU)',
    pages: measured.map((m) => m.current).filter(Boolean),
    skipped: skipped('current'),
    ...(baseline && {
      baseline: {
        ref: baseline.ref,
        commit: baseline.sha,
        subject: baseline.subject,
        runsAlternated: true,
        pages: measured.map((m) => m.baseline).filter(Boolean),
        skipped: skipped('baseline'),
      },
    }),
  };
  await writeFile(join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  printResults(measured, baseline);
  const names = (label) => measured.filter((m) => m[label]).map((m) => m.page);
  const reports = [`{${names('current').join(',')}}.html`, ...(baseline ? [`baseline-{${names('baseline').join(',')}}.html`] : [])];
  console.log(`\nReports: reports/lighthouse/${reports.join(', ')} and summary.json`);
  const missed = [
    ...summary.skipped.map((s) => `${s.page} (not measured: ${s.reason})`),
    ...summary.pages.flatMap((r) =>
      Object.entries(r.met)
        .filter(([, ok]) => !ok)
        .map(([k]) => `${r.page} ${k}`),
    ),
  ];
  if (missed.length) {
    console.log(`Missed targets: ${missed.join(', ')}`);
    exitCode = 1;
  } else {
    console.log('All targets met.');
  }
} catch (error) {
  // Stopped by Ctrl-C: what failed was only the step the clean-up stopped.
  if (!interrupted) console.error(`bench:lighthouse failed: ${error instanceof Error ? error.stack : error}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(interrupted ? 130 : exitCode);
