#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript projects (server and shared, client, service worker, tests)
// with TypeScript 7's compiler (scripts/typescript-compiler.mjs), one after the other: it checks each
// project on every core itself. Each project's errors print together, after it finishes.
// The server's project is checked by scripts/gen-api-contract.mjs --check, which also fails when the
// typed client's contract (src/server/api-contract.gen.d.ts) no longer matches the routes.
import { spawnSync } from 'node:child_process';
import { TSC } from './typescript-compiler.mjs';

const PROJECTS = ['.', 'src/client', 'sw', 'tests'];

let failed = false;
for (const project of PROJECTS) {
  const started = Date.now();
  const args = project === '.' ? ['scripts/gen-api-contract.mjs', '--check'] : [TSC, '--noEmit', '-p', project];
  const { status, stdout, stderr } = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) {
    console.log(`typecheck ${project}: ${seconds} s`);
  } else {
    failed = true;
    process.stdout.write(`typecheck ${project}: failed (exit ${status}) in ${seconds} s\n${stdout}${stderr}`);
  }
}
process.exit(failed ? 1 : 0);
