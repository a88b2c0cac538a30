/**
 * What bench-lighthouse.mjs reads out of a Lighthouse result and prints: the figures against the
 * targets, the failing audits, the performance digest, the long main-thread tasks, and the
 * comparison with a baseline build (LH_BASELINE).
 */
import { scriptFigures } from './startup.mjs';
import { describeTask, LONG_TASK_MS } from './tasks.mjs';

/**
 * The issue's targets, the same for every page. lcp (s), cls, tbt (ms) and scriptKiB (the start-up
 * script: scripts/lighthouse/startup.mjs) are upper bounds, the rest lower bounds. allScriptKiB (every
 * script of the load) has none: it is information.
 */
export const TARGETS = {
  all: { performance: 97, accessibility: 100, 'best-practices': 100, seo: 100, lcp: 1.5, cls: 0.01, tbt: 150, scriptKiB: 150 },
};

/**
 * The start-up script of a page that is a form (contact, sign-in, sign-up, order look-up): the 150 KiB
 * of the browsing pages plus the form library (react-hook-form, 13 KB gzip) and the shared schemas
 * (zod/mini, 10 KB), which every form goes through (one write path: check:shape) and which React needs
 * to take over the drawn form. The page paints before any of it runs (docs/decisions.md).
 */
export const FORM_PAGE_SCRIPT_KIB = 190;

function targetsFor(form) {
  return form ? { ...TARGETS.all, scriptKiB: FORM_PAGE_SCRIPT_KIB } : TARGETS.all;
}

/**
 * SEO on a page robots.txt closes to search engines (the cart, sign-in…: src/server/services/catalogue/seo.ts):
 * Lighthouse's is-crawlable audit fails there by design, so the target is every other SEO audit passing.
 */
const CLOSED_PAGE_SEO = 'every SEO audit but is-crawlable (robots.txt closes the page)';

const score = (lhr, id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

/** Failing audits of a category (manual and not-applicable ones excluded). */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && !['manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode))
    .map((a) => ({
      id: a.id,
      title: a.title,
      displayValue: a.displayValue,
      items: (a.details?.items ?? []).slice(0, 10).map((item) => ({
        node: item.node?.snippet,
        selector: item.node?.selector,
        explanation: item.node?.explanation,
        url: item.url ?? item.source?.url,
        description: item.description,
      })),
    }));
}

/** What Lighthouse says about load performance: the LCP element and its phases, savings, weight. */
function perfDigest(lhr) {
  const lcpEl = lhr.audits['largest-contentful-paint-element']?.details;
  const tables = lcpEl?.type === 'list' ? lcpEl.items : lcpEl ? [lcpEl] : [];
  const element = tables[0]?.items?.[0]?.node;
  const phases = (tables[1]?.items ?? []).map((p) => ({ phase: p.phase, ms: Math.round(p.timing), percent: p.percent }));
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs > 0 || a.details.overallSavingsBytes > 0))
    .sort((a, b) => (b.details.overallSavingsMs ?? 0) - (a.details.overallSavingsMs ?? 0))
    .map((a) => ({
      id: a.id,
      title: a.title,
      savingsMs: Math.round(a.details.overallSavingsMs ?? 0),
      savingsKiB: Math.round((a.details.overallSavingsBytes ?? 0) / 1024),
      items: a.details.items
        .slice(0, 5)
        .map((i) => ({ url: i.url, wastedKiB: i.wastedBytes ? Math.round(i.wastedBytes / 1024) : undefined, wastedMs: i.wastedMs })),
    }));
  const diagnostics = lhr.categories.performance.auditRefs
    .filter((ref) => !ref.group || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.details?.type !== 'opportunity' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => ({ id: a.id, title: a.title, displayValue: a.displayValue }));
  return {
    metrics: {
      fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
      lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
      speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
      tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      ttfbMs: Math.round(numeric(lhr, 'server-response-time') ?? 0),
    },
    lcpElement: element ? { selector: element.selector, snippet: element.snippet } : null,
    lcpPhases: phases,
    totalKiB: Math.round((numeric(lhr, 'total-byte-weight') ?? 0) / 1024),
    renderBlocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((i) => ({ url: i.url, wastedMs: Math.round(i.wastedMs ?? 0) })),
    opportunities,
    diagnostics,
  };
}

/** One run's figures, kept for every run (the median is chosen among them); `longTasks` from tasks.mjs. */
export function runFigures(lhr, load, longTasks) {
  return {
    loadAverage: load,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    performance: score(lhr, 'performance'),
    lcp: Math.round(numeric(lhr, 'largest-contentful-paint') / 10) / 100,
    tbt: Math.round(numeric(lhr, 'total-blocking-time')),
    longTasks,
  };
}

/**
 * The page's summary from its median run `lhr`; `runs`: every run's runFigures, the median's at `medianAt`.
 * `crawlable: false`: a page robots.txt closes (CLOSED_PAGE_SEO); `startup`: the page's start-up files
 * in the measured build (startupScripts() in startup.mjs).
 */
export function summarise(name, path, lhr, runs, medianAt, { crawlable = true, form = false, startup } = {}) {
  const t = crawlable ? targetsFor(form) : { ...targetsFor(form), seo: CLOSED_PAGE_SEO };
  const { startupScripts, ...scripts } = scriptFigures(lhr, startup);
  const figures = {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    'best-practices': score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcp: Math.round(numeric(lhr, 'largest-contentful-paint') / 10) / 100,
    cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    tbt: Math.round(numeric(lhr, 'total-blocking-time')),
    ...scripts,
  };
  const upper = new Set(['lcp', 'cls', 'tbt', 'scriptKiB']);
  const met = Object.fromEntries(
    Object.entries(figures)
      .filter(([k]) => k in t)
      .map(([k, v]) => [k, v !== null && (upper.has(k) ? v <= t[k] : v >= t[k])]),
  );
  if (!crawlable) met.seo = failing(lhr, 'seo').every((a) => a.id === 'is-crawlable');
  return {
    page: name,
    path,
    url: lhr.finalDisplayedUrl,
    figures,
    targets: t,
    met,
    /** What scriptKiB counts: the route file (null: entry and start-up stages only, see `fallback`), how many files, those the run did not fetch. */
    startupScripts,
    failingAudits: {
      accessibility: failing(lhr, 'accessibility'),
      'best-practices': failing(lhr, 'best-practices'),
      seo: failing(lhr, 'seo'),
    },
    performance: perfDigest(lhr),
    /** The median run's tasks of LONG_TASK_MS or more (every run's are in `runs`). */
    longTasks: runs[medianAt].longTasks,
    /** Lighthouse's CPU benchmark of this machine at the time of the median run (lower = slower; TBT scales with it). */
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    /** The 1-minute load average at the start of each run (the median run is one of them). */
    loadAverages: runs.map((r) => r.loadAverage),
    /** Every run: its load, benchmark index, performance, LCP, TBT and long tasks. */
    runs,
    warnings: lhr.runWarnings,
  };
}

/** Lines of a text table: the first column left-aligned, the rest right-aligned. */
function table(headings, cells) {
  const widths = headings.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    c
      .map((s, i) => (i === 0 ? s.padEnd(widths[i]) : s.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headings), ...cells.map(line)].join('\n');
}

export function printTable(rows) {
  const cols = [
    ['page', (r) => `${r.page} (${r.path})`],
    ['perf', (r) => r.figures.performance],
    ['a11y', (r) => r.figures.accessibility],
    ['best-pr.', (r) => r.figures['best-practices']],
    ['SEO', (r) => `${r.figures.seo}${r.targets.seo === CLOSED_PAGE_SEO ? '*' : ''}`],
    ['LCP s', (r) => r.figures.lcp.toFixed(2)],
    ['CLS', (r) => r.figures.cls.toFixed(3)],
    ['TBT ms', (r) => r.figures.tbt],
    ['start-up JS KiB', (r) => `${kib(r.figures.scriptKiB)}${fallbackMark(r)}`],
    ['all JS KiB', (r) => kib(r.figures.allScriptKiB)],
  ];
  const keys = [null, 'performance', 'accessibility', 'best-practices', 'seo', 'lcp', 'cls', 'tbt', 'scriptKiB', null];
  const cells = rows.map((r) => cols.map(([, get], i) => (keys[i] ? `${get(r)} ${r.met[keys[i]] ? 'ok' : 'MISS'}` : String(get(r)))));
  console.log(
    table(
      cols.map(([h]) => h),
      cells,
    ),
  );
  const t = TARGETS.all;
  console.log(
    `targets on every page: perf >= ${t.performance}, LCP <= ${t.lcp} s, TBT <= ${t.tbt} ms, CLS <= ${t.cls}, start-up script <= ${t.scriptKiB} KiB,` +
      ` a11y ${t.accessibility}, best practices ${t['best-practices']}, SEO ${t.seo}; a form's start-up script <= ${FORM_PAGE_SCRIPT_KIB} KiB (its form library and schemas)`,
  );
  console.log(
    "start-up JS: the Script requests for the page's start-up files as check:budget counts them (entry, start-up stages, route chunks, static imports);" +
      ' all JS: every Script request of the load, idle-time prefetches included (no target); KiB as transferred',
  );
  if (rows.some((r) => r.targets.seo === CLOSED_PAGE_SEO)) console.log(`SEO*: ${CLOSED_PAGE_SEO}`);
  printFallbacks(rows);
}

/** A KiB figure with its one decimal (130.0, not 130). */
const kib = (x) => x.toFixed(1);

/** † beside a start-up figure counted without the page's route chunks (startupScripts().fallback). */
const fallbackMark = (r) => (r?.startupScripts?.fallback ? ' †' : '');

/** The footnote of the † figures, one line per page and build. */
function printFallbacks(rows, who = () => '') {
  for (const r of rows.filter((row) => row.startupScripts?.fallback))
    console.log(`†: ${who(r)}${r.page}: ${r.startupScripts.fallback}: its start-up script is the entry and start-up stages only`);
}

export function printDetails(rows) {
  for (const r of rows) {
    const fails = Object.entries(r.failingAudits).flatMap(([cat, list]) =>
      list.map((a) => `  [${cat}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    );
    const p = r.performance;
    console.log(`\n${r.page} ${r.url}`);
    if (fails.length) console.log(fails.join('\n'));
    console.log(
      `  LCP element: ${p.lcpElement?.selector ?? '?'}; phases: ${p.lcpPhases.map((x) => `${x.phase} ${x.ms} ms`).join(', ') || '?'}; total ${p.totalKiB} KiB`,
    );
    for (const o of p.opportunities.slice(0, 5)) console.log(`  opportunity ${o.id}: ~${o.savingsMs} ms, ${o.savingsKiB} KiB`);
    const missing = r.startupScripts?.notFetched ?? [];
    if (missing.length) console.log(`  start-up files the load did not fetch (not in its start-up figure): ${missing.join(', ')}`);
    console.log(`  machine: Lighthouse benchmark index ${r.benchmarkIndex}; load average at each run ${r.loadAverages.join(', ')}`);
    for (const w of r.warnings ?? []) console.log(`  warning: ${w}`);
  }
}

/** TBT's change from the baseline, in percent ('n/a' from a baseline of 0 ms to more). */
export function tbtChange(before, after) {
  if (before === after) return '0 %';
  if (!before) return 'n/a';
  const pct = Math.round(((after - before) / before) * 100);
  return `${pct > 0 ? '+' : ''}${pct} %`;
}

/**
 * Baseline against current, page by page: performance, LCP, TBT (and its change), CLS, start-up and all script,
 * with Lighthouse's benchmark index of every run of each build (runs alternate, so both builds meet
 * the same drift). `pairs`: { page, path, baseline?: row, current: row, note? }.
 */
export function printComparison(pairs, baselineName) {
  const arrow = (b, c, fmt = String) => `${fmt(b)} → ${fmt(c)}`;
  const indexes = (r) => r.runs.map((x) => (x.benchmarkIndex == null ? '?' : Math.round(x.benchmarkIndex))).join('/');
  const cells = pairs.map(({ page, path, baseline: b, current: c, note }) => {
    if (!b) {
      const f = c.figures;
      return [
        `${page} (${path})`,
        `— → ${f.performance}`,
        `— → ${f.lcp.toFixed(2)}`,
        `— → ${f.tbt}`,
        '',
        `— → ${f.cls.toFixed(3)}`,
        `— → ${kib(f.scriptKiB)}${fallbackMark(c)}`,
        `— → ${kib(f.allScriptKiB)}`,
        `- / ${indexes(c)}`,
        note ?? '',
      ];
    }
    return [
      `${page} (${path})`,
      arrow(b.figures.performance, c.figures.performance),
      arrow(b.figures.lcp, c.figures.lcp, (x) => x.toFixed(2)),
      arrow(b.figures.tbt, c.figures.tbt),
      tbtChange(b.figures.tbt, c.figures.tbt),
      arrow(b.figures.cls, c.figures.cls, (x) => x.toFixed(3)),
      `${kib(b.figures.scriptKiB)}${fallbackMark(b)} → ${kib(c.figures.scriptKiB)}${fallbackMark(c)}`,
      arrow(b.figures.allScriptKiB, c.figures.allScriptKiB, kib),
      `${indexes(b)} / ${indexes(c)}`,
      '',
    ];
  });
  console.log(`\nBaseline ${baselineName} → this build (alternating runs on this machine; medians when LH_RUNS > 1):`);
  console.log(table(['page', 'perf', 'LCP s', 'TBT ms', 'TBT Δ', 'CLS', 'start-up JS KiB', 'all JS KiB', 'bench. index b / c', ''], cells));
  printFallbacks(
    pairs.flatMap((p) => [p.baseline, p.current].filter(Boolean)),
    (r) => (pairs.some((p) => p.baseline === r) ? 'baseline ' : 'current '),
  );
}

/** Each build's main-thread tasks of LONG_TASK_MS or more, every run, page by page, a task a line. */
export function printLongTasks(pairs, baselineName) {
  const print = (who, row) => {
    row.runs.forEach((run, i) => {
      const heading = [who, row.runs.length > 1 && `run ${i + 1}`].filter(Boolean).join(', ');
      const tasks = run.longTasks.map(describeTask);
      if (tasks.length <= 1) console.log(`  ${heading ? `${heading}: ` : ''}${tasks[0] ?? 'none'}`);
      else if (!heading) console.log(tasks.map((t) => `  ${t}`).join('\n'));
      else console.log(`  ${heading}:\n${tasks.map((t) => `    ${t}`).join('\n')}`);
    });
  };
  console.log(
    `\nMain-thread tasks of ${LONG_TASK_MS} ms or more (Lighthouse's long-tasks audit, as simulated at its 4x slowdown; in brackets what the trace shows the task did):`,
  );
  for (const { page, baseline, current } of pairs) {
    console.log(page);
    if (baseline) print(`baseline ${baselineName}`, baseline);
    if (current) print(baselineName ? 'current' : '', current);
  }
}
