import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best-practice rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
/** Impacts that fail a page; the others are counted in the summary line only. */
const BLOCKING: readonly string[] = ['critical', 'serious'];

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One violation as a person fixing it needs it: rule, impact, what to do, and where. */
function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`);
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n${nodes.join('\n')}`;
}

const idsOf = (results: Result[]) => (results.length ? ` (${results.map((r) => r.id).join(', ')})` : '');

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
  // Legacy mode runs axe in the page itself: no blank page per scan (the pages have no frames to reach).
  // Only violations and 'needs review' are reported node by node: passes are not (a seventh less scan time).
  const { violations, incomplete } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations', 'incomplete'] })
    .setLegacyMode(true)
    .analyze();
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
