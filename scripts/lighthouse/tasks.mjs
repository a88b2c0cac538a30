/**
 * The long main-thread tasks of a Lighthouse run: the `long-tasks` audit's list (the script each task
 * is attributed to, and its duration as Lighthouse simulates it at its 4x CPU slowdown, what TBT
 * counts), each matched to its task in the run's trace to say what it spent its time on. The audit
 * alone cannot tell a chunk's evaluation from the rendering its functions do: a module's evaluation
 * (v8.evaluateModule) carries no script address, so the audit calls it "Unattributable".
 */
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { getAttributableURLForTask } from 'lighthouse/core/lib/tracehouse/task-summary.js';

/** Tasks at least this long (ms, as Lighthouse simulates them) are listed. */
export const LONG_TASK_MS = 100;

/** What a task's time went to, by Lighthouse's task groups; a module's evaluation apart from other script. */
const KINDS = {
  evaluation: 'module evaluation',
  scriptEvaluation: 'script',
  scriptParseCompile: 'compile',
  parseHTML: 'HTML parsing',
  styleLayout: 'style & layout',
  paintCompositeRender: 'paint',
  garbageCollection: 'GC',
  other: 'other',
};
const EVALUATION = new Set(['v8.evaluateModule', 'EvaluateScript']);

/**
 * Self time per kind (ms, as observed, unthrottled) under a trace task, and the event with the most
 * self time of kind "other" below the task itself (e.g. DocumentLoader::CommitNavigation: the browser
 * loading the page), to name it.
 */
function timeByKind(top) {
  const ms = {};
  let other;
  const visit = (task, evaluating) => {
    const inEvaluation = evaluating || EVALUATION.has(task.event.name);
    const kind = inEvaluation ? 'evaluation' : task.group.id;
    ms[kind] = (ms[kind] ?? 0) + task.selfTime;
    if (kind === 'other' && task !== top && (!other || task.selfTime > other.selfTime)) other = task;
    for (const child of task.children) visit(child, inEvaluation);
  };
  visit(top, false);
  return { ms, otherEvent: other && other.selfTime >= (ms.other ?? 0) / 2 ? other.event.name : undefined };
}

/** The trace's top-level tasks with the script Lighthouse attributes each to, as the long-tasks audit does. */
async function traceTasks(lhr, artifacts) {
  if (!artifacts?.Trace) return [];
  const tasks = await MainThreadTasks.request(artifacts.Trace, { computedCache: new Map() });
  const scripts = new Set((lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url));
  return tasks.filter((t) => !t.parent && !t.unbounded).map((task) => ({ task, url: getAttributableURLForTask(task, scripts) }));
}

/**
 * The trace task behind an audited one: same script, and a duration that Lighthouse's simulation
 * (observed × the CPU slowdown, half of it for a task that lays out) turns into the audited one.
 */
function match(item, candidates, slowdown) {
  let best;
  let bestError = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate.used || candidate.url !== item.url) continue;
    const error = Math.min(...[slowdown, slowdown / 2].map((m) => Math.abs(candidate.task.duration * m - item.duration)));
    if (error < bestError) [best, bestError] = [candidate, error];
  }
  if (!best || bestError > Math.max(2, item.duration * 0.05)) return undefined;
  best.used = true;
  return best.task;
}

/** A URL without the shop's origin (`/assets/vendor-….js`), or as it is when it is another site's or none. */
function shortUrl(url, origin) {
  return url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
}

/**
 * The run's tasks of LONG_TASK_MS or more: `url`, `durationMs` and `startMs` as the audit simulates
 * them; `observedMs` (unthrottled, from the trace), the share of it per kind (`share`, percent) and
 * the event most of its "other" time went to (`otherEvent`), when the trace task was found.
 */
export async function longTasks(lhr, artifacts) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const items = (lhr.audits['long-tasks']?.details?.items ?? []).filter((i) => i.duration >= LONG_TASK_MS);
  if (!items.length) return [];
  const candidates = await traceTasks(lhr, artifacts);
  const slowdown = lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4;
  return items.map((item) => {
    const task = match(item, candidates, slowdown);
    const kinds = task && timeByKind(task);
    const found = task && {
      observedMs: Math.round(task.duration),
      share: Object.fromEntries(
        Object.entries(kinds.ms)
          .map(([kind, ms]) => [KINDS[kind] ?? kind, Math.round((ms / task.duration) * 100)])
          .filter(([, pct]) => pct >= 5)
          .sort(([, a], [, b]) => b - a),
      ),
      otherEvent: kinds.otherEvent,
    };
    return { url: shortUrl(item.url, origin), durationMs: Math.round(item.duration), startMs: Math.round(item.startTime), ...found };
  });
}

/** `/assets/vendor-….js 117 ms (script 93 %)`; "other" names its main event when one stands out. */
export function describeTask(task) {
  if (!task.share) return `${task.url} ${task.durationMs} ms`;
  const kinds = Object.entries(task.share).map(([kind, pct]) => `${kind}${kind === 'other' && task.otherEvent ? ` [${task.otherEvent}]` : ''} ${pct} %`);
  return `${task.url} ${task.durationMs} ms (${kinds.join(', ')})`;
}
