import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core itself, put into the page under test (what @axe-core/playwright's legacy mode does). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best-practice rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
/** Impacts that fail a page; the others are counted in the summary line only. */
const BLOCKING: readonly string[] = ['critical', 'serious'];

type Result = AxeResults['violations'][number];

/** One violation as a person fixing it needs it: rule, impact, what to do, and where. */
function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`);
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n${nodes.join('\n')}`;
}

const idsOf = (results: Result[]) => (results.length ? ` (${results.map((r) => r.id).join(', ')})` : '');

/**
 * axe in the page itself: no blank page per scan (the pages have no frames to reach). One copy per
 * document: a state of the same page scanned again (its errors shown, a dialog open) reuses it, already
 * compiled; @axe-core/playwright put a fresh copy in for every scan, which took as long as the scan.
 * Only violations and 'needs review' are reported node by node: passes are not (a seventh less scan time).
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations', 'incomplete'] };
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
}

/**
 * Runs axe on what the page shows now and fails (softly: the test goes on to its other pages, so
 * one run lists every page's problems) on any serious or critical violation. Logs one line per page:
 * violations by impact, and the rules axe could not decide ('needs review', e.g. text over images).
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // Colours are read as painted: a toast or a dialog still fading in would measure paler than it is.
  // Reduced motion for the scan, so nothing starts fading during it either: the help link's label
  // changes every 3 s and fades in, and a scan takes up to 3 s (CI caught it at 4:1 mid-fade).
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const settling = Date.now();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const scanning = Date.now();
  const { violations, incomplete } = await runAxe(page);
  if (!reduced) await page.emulateMedia({ reducedMotion: 'no-preference' });
  const timing = `settled in ${scanning - settling} ms, scanned in ${Date.now() - scanning} ms`;

  const counts = IMPACTS.map((impact) => {
    const found = violations.filter((v) => v.impact === impact);
    return `${impact} ${found.length}${idsOf(found)}`;
  });
  console.log(`a11y [${test.info().project.name}] ${label}: ${counts.join(', ')}; needs review ${incomplete.length}${idsOf(incomplete)}; ${timing}`);

  const blocking = violations.filter((v) => BLOCKING.includes(v.impact ?? ''));
  expect.soft(blocking.length, `${label}: serious or critical accessibility violations\n${blocking.map(describe).join('\n')}`).toBe(0);
}
