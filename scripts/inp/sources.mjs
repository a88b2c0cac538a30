/**
 * Built code read back into the shop's sources for `npm run bench:inp`: a script URL with a line and
 * column (the profiler) or a character position (Long Animation Frame script entries) becomes
 * "src/…/file.tsx:line name" through the client build's hidden source maps in dist/sourcemaps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let TraceMap;
let originalPositionFor;
try {
  // Vite's own dependency (not the shop's): optional, the bench names minified code without it.
  ({ TraceMap, originalPositionFor } = await import('@jridgewell/trace-mapping'));
} catch {
  TraceMap = null;
}

const maps = new Map();

/** The built file and its source map (dist/sourcemaps, kept out of what the server serves), read once. */
function sourceMapFor(root, pathname) {
  if (!maps.has(pathname)) {
    const file = join(root, 'dist/client', pathname);
    const map = join(root, 'dist/sourcemaps', `${pathname}.map`);
    if (!TraceMap || !existsSync(file) || !existsSync(map)) maps.set(pathname, null);
    else {
      const text = readFileSync(file, 'utf8');
      const lineStarts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
      maps.set(pathname, { trace: new TraceMap(readFileSync(map, 'utf8')), lineStarts });
    }
  }
  return maps.get(pathname);
}

/** The built file behind a script URL of the shop (its path), or null for another origin's or none. */
function pathOf(sourceURL) {
  try {
    return sourceURL ? new URL(sourceURL).pathname : null;
  } catch {
    return null;
  }
}

/** "file:line function" in the shop's sources for a line (0-based) and column of a built script, when the map says. */
export function originalAt(root, sourceURL, line, column) {
  const pathname = pathOf(sourceURL);
  const sm = pathname && sourceMapFor(root, pathname);
  if (!sm || line < 0) return null;
  const pos = originalPositionFor(sm.trace, { line: line + 1, column });
  if (!pos.source) return null;
  const source = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
  return `${source}:${pos.line}${pos.name ? ` ${pos.name}` : ''}`;
}

/** The same for a character position (what Long Animation Frame script entries give). */
export function originalOf(root, sourceURL, charPosition) {
  const pathname = pathOf(sourceURL);
  const sm = pathname && sourceMapFor(root, pathname);
  if (!sm || charPosition == null || charPosition < 0) return null;
  let line = 0;
  while (line + 1 < sm.lineStarts.length && sm.lineStarts[line + 1] <= charPosition) line++;
  return originalAt(root, sourceURL, line, charPosition - sm.lineStarts[line]);
}

/** A script as people read it: the invoker, its built file and function, and where that is in the sources. */
export function nameScript(root, script) {
  if (!script) return null;
  const file = script.sourceURL ? (script.sourceURL.split('/').pop() ?? script.sourceURL) : '(no file)';
  const fn = script.sourceFunctionName ? ` ${script.sourceFunctionName}()` : '';
  const original = originalOf(root, script.sourceURL, script.sourceCharPosition);
  return `${script.invoker || script.invokerType} → ${file}${fn}${original ? ` = ${original}` : ''}`;
}
