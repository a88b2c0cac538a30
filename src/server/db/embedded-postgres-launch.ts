import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Binaries } from './embedded-postgres-binaries';
import { EmbeddedPostgresError } from './embedded-postgres-error';

/** How the server is started and which paths it sees (as root, those of its own mounts). */
export interface Launch {
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
export function launcher(bins: Binaries, cluster: string, socketDir: string, user = 'nobody'): Launch {
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
export function folderOf(dir: string, owner: { uid: number; gid: number }, inDataDir: boolean): void {
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
export function handOverCluster(cluster: string, owner: { uid: number; gid: number }, say: (line: string) => void): void {
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
