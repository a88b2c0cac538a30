/**
 * The shops bench-lighthouse.mjs measures, and their clean-up: a build (this checkout, or the
 * LH_BASELINE commit checked out and built in a temporary git worktree), its built server started on
 * a port of its own with a throwaway data folder, holding the demo catalogue (seeded on the first
 * start) or 5,000 generated products (tests/e2e/big-catalogue-seed.ts, as the end-to-end suite's big
 * shop). Everything started here is stopped and removed by cleanUp(), on Ctrl-C too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, waitForServer } from '../bench-server.mjs';

/** The e2e suite's seed of its big shop: 5,000 generated products written into an empty data folder. */
export const BIG_SEED = 'tests/e2e/big-catalogue-seed.ts';

/** What to undo at the end, newest first: servers, data folders, the baseline's worktree. */
const undo = [];
/** Child processes running a step (git, npm ci, a build, a seed), each in a process group of its own. */
const steps = new Set();
let cleaning;

/** Stops every step and server started here, removes the data folders and the baseline's worktree. Idempotent. */
export function cleanUp() {
  cleaning ??= (async () => {
    for (const child of steps) killGroup(child, 'SIGTERM');
    while (undo.length) {
      const job = undo.pop();
      try {
        await job();
      } catch (error) {
        console.error(`bench:lighthouse clean-up: ${error instanceof Error ? error.message : error}`);
      }
    }
  })();
  return cleaning;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Runs a command to its end in a process group of its own (so clean-up can stop all of it); rejects
 * on failure. `quiet`: its output is kept, and shown (the last 60 lines) only when it fails.
 */
export function run(command, args, { cwd, env = process.env, quiet = false } = {}) {
  if (cleaning) return Promise.reject(new Error('stopping: nothing more is started'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'], detached: true });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    steps.add(child);
    child.once('error', (error) => {
      steps.delete(child);
      reject(error);
    });
    child.once('close', (code, signal) => {
      steps.delete(child);
      if (code === 0) return resolve();
      if (quiet && !signal) console.error(Buffer.concat(output).toString().trimEnd().split('\n').slice(-60).join('\n'));
      reject(new Error(`\`${command} ${args.join(' ')}\` in ${cwd ?? process.cwd()} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const git = (cwd, args) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/** The worktree is gone from git's list (removed, or pruned once its folder is gone). */
async function removeWorktree(root, dir) {
  git(root, ['worktree', 'remove', '--force', dir]);
  if (git(root, ['worktree', 'list', '--porcelain']).stdout.includes(`worktree ${dir}\n`)) {
    await rm(dir, { recursive: true, force: true });
    git(root, ['worktree', 'prune']);
  }
  await rm(dir, { recursive: true, force: true });
}

/**
 * The LH_BASELINE commit, built: checked out (detached) in a temporary worktree outside the repository,
 * its dependencies installed (this checkout's node_modules hard-linked when both lock files are the
 * same bytes, else `npm ci`) and `npm run build` run there.
 */
export async function baselineBuild(root, ref) {
  const parsed = git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (parsed.status !== 0) throw new Error(`LH_BASELINE=${ref}: no such commit`);
  const sha = parsed.stdout.trim();
  const subject = git(root, ['log', '-1', '--format=%h %s', sha]).stdout.trim();
  const dir = await mkdtemp(join(tmpdir(), 'nkuto-lighthouse-baseline-'));
  undo.push(() => removeWorktree(root, dir));
  console.log(`Baseline ${ref}: ${subject}\n  checking it out in ${dir}...`);
  let started = Date.now();
  await run('git', ['worktree', 'add', '--detach', '--quiet', dir, sha], { cwd: root });
  const lock = (folder) => readFileSync(join(folder, 'package-lock.json'));
  if (existsSync(join(root, 'node_modules')) && lock(root).equals(lock(dir))) {
    console.log('  same package-lock.json as this checkout: hard-linking its node_modules...');
    await run('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
    // Caches written in place would write through the links into this checkout's copy.
    for (const cache of ['.vite', '.cache', '.tmp']) await rm(join(dir, 'node_modules', cache), { recursive: true, force: true });
  } else {
    console.log('  its package-lock.json differs: npm ci...');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, quiet: true });
  }
  console.log(`  dependencies in ${Math.round((Date.now() - started) / 1000)} s; npm run build...`);
  started = Date.now();
  await run('npm', ['run', 'build'], { cwd: dir, quiet: true });
  console.log(`  built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return { label: 'baseline', root: dir, ref, sha, subject };
}

/** Whether the build can seed the 5,000-product shop the way this script does. */
export const canSeedBig = (build) => existsSync(join(build.root, BIG_SEED));

/**
 * The build's server on `port` (a free one when not given) with a throwaway data folder: the demo
 * catalogue (`catalogue: 'demo'`, seeded on its first start) or 5,000 generated products (`'big'`:
 * BIG_SEED into the empty folder first, then the server without the demo data).
 */
export async function startShop(build, { catalogue, port }) {
  const dataDir = await mkdtemp(join(tmpdir(), `nkuto-lighthouse-${build.label}-${catalogue}-`));
  undo.push(() => rm(dataDir, { recursive: true, force: true }));
  const listen = port || (await freePort());
  const env = { ...process.env, PORT: String(listen), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (catalogue === 'big') {
    env.SEED_DEMO = 'false';
    process.stdout.write(`  ${build.label}: `);
    await run(process.execPath, ['--import', 'tsx', BIG_SEED], { cwd: build.root, env });
  }
  if (cleaning) throw new Error('stopping: nothing more is started');
  const server = spawn(process.execPath, [join(build.root, 'dist/server/index.js')], { cwd: build.root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  undo.push(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => server.kill('SIGKILL'))]);
  });
  const baseURL = `http://127.0.0.1:${listen}`;
  await waitForServer(server, baseURL);
  return { build, catalogue, baseURL, dataDir };
}
