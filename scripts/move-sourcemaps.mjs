/**
 * Moves the client build's source maps (vite.config.ts emits them 'hidden': no sourceMappingURL
 * comment) out of dist/client, which the server serves to everyone, into dist/sourcemaps, which it
 * does not: the same paths below it (assets/…, sw.js.map). Runs right after the client build.
 * Upload them to an error tracker from there, or open them locally beside the built files.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const CLIENT = path.resolve('dist/client');
const MAPS = path.resolve('dist/sourcemaps');

function* maps(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* maps(full);
    else if (name.endsWith('.map')) yield full;
  }
}

rmSync(MAPS, { recursive: true, force: true }); // the maps of an older build would no longer match
let count = 0;
for (const file of maps(CLIENT)) {
  const target = path.join(MAPS, path.relative(CLIENT, file));
  mkdirSync(path.dirname(target), { recursive: true });
  renameSync(file, target);
  count += 1;
}
console.log(`sourcemaps: ${count} moved from dist/client to dist/sourcemaps (not served)`);
