/**
 * Naming the handler behind a slow tap. Long Animation Frames name only the script the browser
 * entered (for React, its root listener, react-dom's dispatchDiscreteEvent), not the shop's code it
 * ran. So a scenario over its target gets one more run (not counted: sampling slows the page) with
 * Chromium's sampling profiler on (DevTools protocol, 100 µs), from the tap until its frame is drawn,
 * and its heaviest functions are read back into the shop's sources through dist/sourcemaps.
 */
import { originalAt } from './sources.mjs';

/** Starts the sampling profiler on the page's CDP session; returns the function that stops it and sums. */
export async function startProfile(cdp, root) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Profiler.disable');
    return summarise(profile, root);
  };
}

const NOT_CODE = new Set(['(idle)', '(root)', '(program)', '(garbage collector)']);

/** A function as people read it: its place in the shop's sources, else its built file and name. */
function nameOf(callFrame, root) {
  const original = originalAt(root, callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
  if (original) return original;
  const file = callFrame.url ? callFrame.url.split('/').pop() : '(native)';
  return `${file} ${callFrame.functionName || '(anonymous)'}`;
}

/**
 * The heaviest functions of the profile: by self time (where the CPU was), and by total time among
 * the shop's own sources (src/…: which of its handlers, renders or stores the time went through).
 */
function summarise(profile, root) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const names = new Map();
  const name = (node) => {
    if (!names.has(node.id)) names.set(node.id, NOT_CODE.has(node.callFrame.functionName) ? node.callFrame.functionName : nameOf(node.callFrame, root));
    return names.get(node.id);
  };
  // The browser's own work (style, layout, paint, the protocol) and the garbage collector, summed apart.
  const apart = { '(program)': 0, '(garbage collector)': 0 };
  const self = new Map();
  const total = new Map();
  let busyUs = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busyUs += us;
    if (node.callFrame.functionName in apart) {
      apart[node.callFrame.functionName] += us;
      return;
    }
    self.set(name(node), (self.get(name(node)) ?? 0) + us);
    const seen = new Set();
    for (let at = node; at; at = byId.get(parent.get(at.id))) {
      const key = name(at);
      if (!key.startsWith('src/') || seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + us);
    }
  });
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([fn, us]) => ({ fn, ms: Math.round(us / 100) / 10 }));
  const round = (us) => Math.round(us / 1000);
  return {
    busyMs: round(busyUs),
    browserMs: round(apart['(program)']),
    gcMs: round(apart['(garbage collector)']),
    selfTop: top(self, 6),
    shopCodeTop: top(total, 6),
  };
}
