/**
 * Precompresses the client build's text files (scripts, styles, index.html, the manifest, SVG) as
 * Brotli (`.br`, quality 11) and gzip (`.gz`, level 9) beside them, once at build time, so the
 * server sends a phone the smallest bytes without compressing on every request
 * (src/server/http/static-files.ts picks the copy the client accepts). Prints the totals.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.resolve('dist/client');
const TEXT = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (TEXT.test(name) && !name.endsWith('.map') && !full.includes(`${path.sep}.vite${path.sep}`)) yield full;
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(ROOT)) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
  count += 1;
}
console.log(`compress: ${count} files, ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB Brotli`);
