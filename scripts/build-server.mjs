// Bundles the API server into dist/server/index.js (dependencies stay in node_modules) and puts the
// migrations beside it, where the bundled code looks for them. The demo shop (src/server/demo) is
// imported dynamically, so it becomes a chunk of its own that a start loads only when it seeds.
// Chunks sit beside index.js: modules that find files from import.meta.url (the migrations, the
// built client) keep working in whichever file esbuild puts them.
// An argument builds into another folder (tests/api/going-online.test.ts builds a server of its own
// inside node_modules/.cache, where it still finds the dependencies, without touching dist/).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/server/index.ts' },
  outdir,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`built ${outdir}/index.js`);
