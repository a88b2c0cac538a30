#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript projects (server and shared, client, service worker, tests)
// checked side by side rather than one after the other: tsc is single-threaded, and the tests'
// project alone takes as long as the other three together, so on two cores the whole check takes
// about as long as its slowest project. Each project's errors print together, after it finishes.
// The server's project is checked by scripts/gen-api-contract.mjs --check, which also fails when the
// typed client's contract (src/server/api-contract.gen.d.ts) no longer matches the routes.
import { spawn } from 'node:child_process';

const PROJECTS = ['.', 'src/client', 'sw', 'tests'];

function check(project) {
  return new Promise((resolve) => {
    const command = project === '.' ? ['node', ['scripts/gen-api-contract.mjs', '--check']] : ['npx', ['tsc', '--noEmit', '-p', project]];
    const child = spawn(command[0], command[1], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

const results = await Promise.all(PROJECTS.map(check));
for (const { project, code, output } of results) {
  if (code !== 0) process.stdout.write(`tsc -p ${project}: exit ${code}\n${output}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
