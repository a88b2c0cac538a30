/**
 * Keeps the hashed files of earlier builds in dist/client/assets for a while, so a page loaded before
 * a deploy can still lazily import its route chunks afterwards (`vite build` empties dist/client, and
 * the server answers 404 for a chunk that is gone: the page breaks).
 * - `save` (first in `npm run build`): moves dist/client/assets, with its `.br`/`.gz` copies and its
 *   retired.json, into a holding folder outside dist/client (dist/.previous-assets).
 * - `restore` (last in `npm run build`): copies every held file the new build does not have back into
 *   dist/client/assets and lists it in dist/client/assets/retired.json with the time it was first
 *   retired. A file retired more than KEEP_ASSETS_DAYS days ago (default 7) is not copied back and
 *   leaves the list; a source map is never copied back. The holding folder is then removed.
 * When a build stops before `restore`, the next `save` adds to the holding folder instead of replacing
 * it, so the files the live site still links are not lost.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The list of retired files, inside dist/client/assets: `{ "<file>": "<ISO time first retired>" }`. */
export const RETIRED = 'retired.json';
export const DEFAULT_KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every file below dir, as a path relative to it with `/` separators. */
function listFiles(dir, prefix = '') {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...listFiles(path.join(dir, entry.name), relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/** A retired list read from a folder: empty when it is missing or unreadable. */
function readRetired(dir) {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dir, RETIRED), 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Copies a file, creating its folder and keeping its modification time (the server's Last-Modified). */
function copyFile(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
  const { atime, mtime } = statSync(from);
  utimesSync(to, atime, mtime);
}

/**
 * Before the build: moves clientDir/assets into holdDir. A holdDir left by a build that stopped before
 * `restore` is kept and added to (the earlier of two retired times wins). Returns the number of files held.
 */
export function saveAssets(clientDir, holdDir) {
  const assets = path.join(clientDir, 'assets');
  if (!existsSync(assets)) return { held: existsSync(holdDir) ? listFiles(holdDir).filter((file) => file !== RETIRED).length : 0 };
  if (!existsSync(holdDir)) {
    mkdirSync(path.dirname(holdDir), { recursive: true });
    renameSync(assets, holdDir);
    return { held: listFiles(holdDir).filter((file) => file !== RETIRED).length };
  }
  const retired = readRetired(holdDir);
  for (const [file, time] of Object.entries(readRetired(assets))) {
    if (!(file in retired) || Date.parse(time) < Date.parse(retired[file])) retired[file] = time;
  }
  for (const file of listFiles(assets)) {
    if (file !== RETIRED) copyFile(path.join(assets, file), path.join(holdDir, file));
  }
  writeFileSync(path.join(holdDir, RETIRED), `${JSON.stringify(retired, null, 2)}\n`);
  rmSync(assets, { recursive: true, force: true });
  return { held: listFiles(holdDir).filter((file) => file !== RETIRED).length };
}

/**
 * After the build: copies back into clientDir/assets every held file the new build does not have,
 * retired less than keepDays ago, and writes clientDir/assets/retired.json. Removes holdDir.
 * Returns `{ held, kept, dropped }` (held false when there was nothing held: a first build).
 */
export function restoreAssets(clientDir, holdDir, { now = new Date(), keepDays = DEFAULT_KEEP_DAYS } = {}) {
  if (!existsSync(holdDir)) return { held: false, kept: 0, dropped: 0 };
  const assets = path.join(clientDir, 'assets');
  const current = new Set(existsSync(assets) ? listFiles(assets) : []);
  const before = readRetired(holdDir);
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const retired = {};
  let kept = 0;
  let dropped = 0;
  for (const file of listFiles(holdDir).sort()) {
    // Maps are never served (scripts/move-sourcemaps.mjs); the new build's own files are the new ones.
    if (file === RETIRED || file.endsWith('.map') || current.has(file)) continue;
    const earlier = typeof before[file] === 'string' ? Date.parse(before[file]) : Number.NaN;
    const since = Number.isNaN(earlier) ? now.getTime() : earlier;
    if (since < cutoff) {
      dropped += 1;
      continue;
    }
    copyFile(path.join(holdDir, file), path.join(assets, file));
    retired[file] = new Date(since).toISOString();
    kept += 1;
  }
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, RETIRED), `${JSON.stringify(retired, null, 2)}\n`);
  rmSync(holdDir, { recursive: true, force: true });
  return { held: true, kept, dropped };
}

/** KEEP_ASSETS_DAYS, or the default; a value that is not a number of days stops the build. */
export function keepDaysFrom(value) {
  if (value === undefined || value.trim() === '') return DEFAULT_KEEP_DAYS;
  const days = Number(value);
  if (!Number.isFinite(days) || days < 0) throw new Error(`KEEP_ASSETS_DAYS must be a number of days (0 or more), not ${JSON.stringify(value)}`);
  return days;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const CLIENT = path.resolve('dist/client');
  const HOLD = path.resolve('dist/.previous-assets');
  const mode = process.argv[2];
  const files = (n) => `${n} ${n === 1 ? 'file' : 'files'}`;
  if (mode === 'save') {
    keepDaysFrom(process.env.KEEP_ASSETS_DAYS); // a bad setting stops the build before it starts
    const { held } = saveAssets(CLIENT, HOLD);
    console.log(
      held === 0
        ? 'keep-previous-assets: no earlier build in dist/client/assets'
        : `keep-previous-assets: ${files(held)} of earlier builds held in dist/.previous-assets`,
    );
  } else if (mode === 'restore') {
    const keepDays = keepDaysFrom(process.env.KEEP_ASSETS_DAYS);
    const { held, kept, dropped } = restoreAssets(CLIENT, HOLD, { keepDays });
    console.log(
      held
        ? `keep-previous-assets: kept ${files(kept)} of earlier builds in dist/client/assets (listed in retired.json), dropped ${dropped} (retired over ${keepDays} days ago)`
        : 'keep-previous-assets: nothing held (first build), nothing to keep',
    );
  } else {
    console.error('usage: node scripts/keep-previous-assets.mjs save|restore');
    process.exit(2);
  }
}
