/**
 * The measuring half of `npm run bench:inp` (scripts/bench-inp.mjs): what is put into every page, the
 * one helper every scenario measures through, and the attribution read back into source names.
 *
 * Every page gets web-vitals' attribution build (the IIFE, `window.webVitals`) before its own script,
 * and a recorder that keeps each INP report (`onINP` with `reportAllChanges`, so every increase is
 * seen, and `durationThreshold: 0`, which the browser raises to Event Timing's floor of 16 ms) and,
 * as a cross-check, every Event Timing entry that belongs to an interaction (`interactionId` > 0).
 * INP is the worst interaction of a page, so a run measures one interaction (or one typed word) on a
 * fresh page whose setting-up used no trusted input: the page's INP is then the interaction under test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startProfile } from './profile.mjs';

// The package exports no path to its IIFE files: they sit beside the attribution build it does export.
const webVitalsDist = dirname(createRequire(import.meta.url).resolve('web-vitals/attribution'));
export const WEB_VITALS_IIFE = join(webVitalsDist, 'web-vitals.attribution.iife.js');
export const WEB_VITALS_VERSION = JSON.parse(readFileSync(join(webVitalsDist, '../package.json'), 'utf8')).version;

/** Runs in the page before its scripts (after the web-vitals IIFE): keeps the reports on `window.__inpBench`. */
function recorder() {
  const state = { reports: [], entries: [], mark: 0 };
  window.__inpBench = state;
  const nameNode = (node) => {
    if (node?.nodeType !== 1) return '';
    // Cheap on purpose (it runs in the page beside what is measured): a control's own words only.
    const words = node.tagName === 'BUTTON' || node.tagName === 'A' ? node.textContent?.trim().slice(0, 30) : '';
    const label = node.getAttribute('aria-label') || node.getAttribute('name') || node.id || words || '';
    return `${node.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
  };
  // A Long Animation Frame's script: what the browser says ran (the invoker), where and for how long.
  const scriptOf = (s) => ({
    invoker: s.invoker,
    invokerType: s.invokerType,
    sourceURL: s.sourceURL,
    sourceFunctionName: s.sourceFunctionName,
    sourceCharPosition: s.sourceCharPosition,
    startTime: s.startTime,
    duration: s.duration,
    forcedStyleAndLayoutDuration: s.forcedStyleAndLayoutDuration,
  });
  window.webVitals.onINP(
    (metric) => {
      const a = metric.attribution;
      state.reports.push({
        value: metric.value,
        interactionTarget: a.interactionTarget,
        interactionType: a.interactionType,
        interactionTime: a.interactionTime,
        inputDelay: a.inputDelay,
        processingDuration: a.processingDuration,
        presentationDelay: a.presentationDelay,
        loadState: a.loadState,
        totalScriptDuration: a.totalScriptDuration,
        totalStyleAndLayoutDuration: a.totalStyleAndLayoutDuration,
        totalPaintDuration: a.totalPaintDuration,
        totalUnattributedDuration: a.totalUnattributedDuration,
        longestScript: a.longestScript
          ? { subpart: a.longestScript.subpart, intersectingDuration: a.longestScript.intersectingDuration, ...scriptOf(a.longestScript.entry) }
          : null,
        frames: a.longAnimationFrameEntries.map((f) => ({
          startTime: f.startTime,
          duration: f.duration,
          blockingDuration: f.blockingDuration,
          renderStart: f.renderStart,
          styleAndLayoutStart: f.styleAndLayoutStart,
          scripts: f.scripts.map(scriptOf),
        })),
        entries: metric.entries.map((e) => ({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId })),
      });
    },
    { reportAllChanges: true, durationThreshold: 0 },
  );
  // The cross-check: Event Timing read directly (16 ms is the lowest threshold the browser allows).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      state.entries.push({
        name: e.name,
        interactionId: e.interactionId,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
        target: nameNode(e.target),
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Puts web-vitals and the recorder into every page the context opens, as one script: Playwright
 * wraps each init script in a function, so the IIFE's `var webVitals` is seen only within its own.
 */
export async function instrument(context) {
  const iife = readFileSync(WEB_VITALS_IIFE, 'utf8');
  await context.addInitScript({ content: `${iife}\n;window.webVitals = webVitals;\n(${recorder.toString()})();` });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Lets the page finish loading and starting up (its requests, the service worker's registration at
 * idle, the query cache's restore): what is measured is a tap on a page at rest, not the loading.
 */
export async function settle(page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await idle(page);
  await idle(page);
}

/** One idle period of the page's main thread (at most 3 s). */
async function idle(page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));
}

/**
 * Waits until React has taken `locator`'s element over (its props attached) and it is enabled. The
 * locator is found again at every look: React may replace the server's element rather than adopt it.
 */
export async function waitForApp(locator, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const live = (el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')) && !el.disabled;
  while (!(await locator.evaluate(live, null, { timeout: 2000 }).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${locator} was not taken over by the app within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** The CPU slowdown a cheap phone has, against this machine: 4x, as Lighthouse's mobile setting. */
export const CPU_SLOWDOWN = 4;

/**
 * The one measuring helper: on a page already set up and at rest, slows the CPU 4x (through the
 * DevTools protocol, for this page only), performs `act` (the taps or keystrokes under test), waits
 * until web-vitals has reported and nothing new came for a while, and returns the page's INP as the
 * library counts it, the Event Timing cross-check and the worst interaction's attribution.
 */
export async function measure(page, act) {
  const profileRoot = profiled.get(page);
  await settle(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await idle(page);
  const before = await page.evaluate(() => {
    const state = window.__inpBench;
    state.mark = performance.now();
    const earlier = state.reports.map((r) => `${Math.round(r.value)} ms ${r.interactionType} on ${r.interactionTarget}`);
    return { mark: state.mark, reports: state.reports.length, earlier };
  });
  // A profiled run samples from the tap until its frame is drawn (two animation frames after it).
  const stopProfile = profileRoot ? await startProfile(cdp, profileRoot) : null;
  await act();
  const profile = stopProfile ? await page.evaluate(afterNextFrame).then(stopProfile) : undefined;
  const state = await collect(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
  await cdp.detach().catch(() => {});
  return { ...result(state, before), profile };
}

const afterNextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Pages whose measured run is profiled (profile.mjs), with the shop's folder for the source maps. */
const profiled = new WeakMap();
export function profileRun(page, root) {
  profiled.set(page, root);
}

/**
 * Waits for the reports: web-vitals reports an interaction once its frame is painted, its Long
 * Animation Frames are in and the page is idle (slower at 4x), so it polls until a report has come
 * and nothing has changed for 1.5 s (at most 20 s).
 */
async function collect(page) {
  const read = () => page.evaluate(() => ({ reports: window.__inpBench.reports, entries: window.__inpBench.entries }));
  const deadline = Date.now() + 20_000;
  let last = '';
  let stableSince = Date.now();
  for (;;) {
    const state = await read();
    const key = `${state.reports.length}/${state.entries.length}`;
    if (key !== last) {
      last = key;
      stableSince = Date.now();
    }
    const quietFor = Date.now() - stableSince;
    if ((state.reports.length > 0 && quietFor >= 1500) || Date.now() > deadline) return state;
    await sleep(250);
  }
}

/** One run's figures: INP as web-vitals reports it, the Event Timing maximum, and the worst report's attribution. */
function result(state, before) {
  const reports = state.reports.filter((r) => r.interactionTime === undefined || r.interactionTime >= before.mark);
  const worst = reports.reduce((a, b) => (b.value >= (a?.value ?? -1) ? b : a), null);
  // Event Timing, as INP counts it: each interaction's duration is its longest event's.
  const byInteraction = new Map();
  const measured = state.entries.filter((x) => x.startTime >= before.mark);
  for (const e of measured) byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
  // The element of the longest event, named as people read it (the library's target is a CSS path).
  const longestEvent = measured.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), null);
  const eventTimingMax = byInteraction.size ? Math.max(...byInteraction.values()) : null;
  return {
    inp: worst?.value ?? null,
    eventTimingMax,
    interactionsOver16ms: byInteraction.size,
    eventTarget: longestEvent ? `${longestEvent.target} (${longestEvent.name})` : null,
    // Reports from before the measured action: a set-up step that counted (there should be none).
    earlierReports: before.earlier,
    worst,
  };
}
