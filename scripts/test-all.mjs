#!/usr/bin/env node
// `npm test`: everything, and the time each step took. By default one step after the other:
// typecheck, lint, the import rules, the code's shape (scripts/check-code-shape.mjs), vitest (unit, component, API), the build, the bundle budget,
// the Chromium suite; the first failure stops the run.
// TEST_LANES=parallel runs vitest in a lane of its own beside the rest, every line prefixed with its
// lane: faster on a machine with cores to spare. On the two-core CI machine it was slower (both
// suites fight for the CPU: 22 minutes against about 20 one after the other) and its timeouts tripped.
import { spawn } from 'node:child_process';

const lanes = [
  { name: 'vitest', steps: ['test:unit'] },
  { name: 'build+e2e', steps: ['typecheck', 'lint', 'check:imports', 'check:shape', 'build', 'check:budget', 'test:e2e'] },
];
const SERIAL = ['typecheck', 'lint', 'check:imports', 'check:shape', 'test:unit', 'build', 'check:budget', 'test:e2e'];

const figures = [];

function run(lane, script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const prefix = `[${lane}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => {
        if (rest) process.stdout.write(`${prefix}${rest}\n`);
      });
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      figures.push(`${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

async function runLane(lane) {
  for (const step of lane.steps) {
    const code = await run(lane.name, step);
    if (code !== 0) return code;
  }
  return 0;
}

const started = Date.now();
const serial = process.env.TEST_LANES !== 'parallel';
const codes = serial ? [await runLane({ name: 'test', steps: SERIAL })] : await Promise.all(lanes.map(runLane));
console.log(`\nnpm test, ${serial ? 'one lane' : 'two lanes'}, ${((Date.now() - started) / 1000).toFixed(0)} s:\n  ${figures.join('\n  ')}`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
