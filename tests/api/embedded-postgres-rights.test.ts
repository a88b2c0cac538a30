import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '@/server/db/backup';
import { type Db, migrationsFolder, openDatabase } from '@/server/db/client';
import { canConnect, startEmbeddedPostgres } from '@/server/db/embedded-postgres';
import { products } from '@/server/db/schema';
import { backupNow } from '@/server/services/shop/backups';
import { clusterProcesses } from '../helpers/cluster-processes';
import { createTestDatabase } from '../helpers/database';

/**
 * The shop's own PostgreSQL runs with no more rights than it needs: run as root, every
 * process of the cluster is an unprivileged user outside as well as inside, and the shop connects as
 * a role that is not a superuser. The data folders sit inside a mode-0700 folder of root's, as in CI.
 */

const asRoot = process.getuid?.() === 0;
const folders: string[] = [];

/** A DATA_DIR inside a folder of mode 0700 (mkdtemp's), which no other account can enter. */
function newDataDir(): string {
  const closed = mkdtempSync(path.join(os.tmpdir(), 'shop-rights-'));
  folders.push(closed);
  return path.join(closed, 'data');
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const cluster = (dataDir: string) => path.join(dataDir, 'postgres');
/** The superuser, through the same socket (the server's own setup connects so). */
const superuserUrl = (dataDir: string) => `postgresql://postgres@/postgres?host=${encodeURIComponent(path.join(dataDir, 'run'))}`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function superuserQuery(dataDir: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: superuserUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The real, effective, saved and file-system user and group ids of a process. */
function idsOf(pid: number): { uid: number[]; gid: number[] } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => (new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(status)?.[1] ?? '').trim().split(/\s+/).map(Number);
  return { uid: field('Uid'), gid: field('Gid') };
}

/** Every file and folder of a tree, the top one first. */
function walk(dir: string): string[] {
  return [dir, ...readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))];
}

/**
 * What of the shop's schemas the shop's role does not own: every table, sequence, view and function
 * (an extension's members aside), and the schemas (a new database's public is pg_database_owner's, i.e. its owner's).
 */
async function notOwnedByShop(db: Db): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm') and c.relowner <> (select oid from pg_roles where rolname = current_user)
           and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        union all
        select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname in ('public', 'drizzle') and p.proowner <> (select oid from pg_roles where rolname = current_user)
           and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        union all
        select n.nspname::text from pg_namespace n where n.nspname in ('public', 'drizzle') and not pg_has_role(current_user, n.nspowner, 'USAGE')`,
  );
  return found.map((row) => row.name);
}

/** The database's own words when it refuses a query (drizzle wraps them). */
async function refusal(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.execute(query);
  } catch (error) {
    return (error as { cause?: Error }).cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

/** What the shop's connection may do: no superuser, no server files, the trigram search there. */
async function expectShopRole(db: Db) {
  const [role] = await rows<{ name: string; rolsuper: boolean }>(db, sql`select rolname::text as name, rolsuper from pg_roles where rolname = current_user`);
  expect(role?.rolsuper).toBe(false);
  expect(role?.name).not.toBe('postgres');
  expect(await refusal(db, sql`select pg_read_file('/etc/shadow')`)).toMatch(/permission denied for function pg_read_file/);
  expect(await refusal(db, sql`select pg_read_file('postgresql.conf')`)).toMatch(/permission denied for function pg_read_file/);
  expect(await notOwnedByShop(db)).toEqual([]);
  // pg_trgm (a trusted extension) is there for the online search.
  const [trgm] = await rows<{ s: number }>(db, sql`select word_similarity('shea', 'Raw Shea Butter') as s`);
  expect(trgm?.s).toBe(1);
}

describe('the embedded database, run with no more rights than it needs', () => {
  it("connects the shop as a role that is not a superuser, owning the shop's schema", async () => {
    const dataDir = newDataDir();
    const database = await openDatabase({ kind: 'embedded', dataDir });
    try {
      await expectShopRole(database.db);
      const indexes = await rows<{ indexname: string }>(database.db, sql`select indexname from pg_indexes where indexname like '%trgm%' order by 1`);
      expect(indexes.map((i) => i.indexname)).toEqual(['products_description_trgm_idx', 'products_name_trgm_idx']);
      await database.db.insert(products).values({ name: 'Raw Shea Butter', category: 'Skin', pricePesewas: 4550 });
      // The server's log quotes failed statements: the shop's account only.
      expect(statSync(path.join(dataDir, 'postgres.log')).mode & 0o777).toBe(0o600);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("puts the API suite's shop on the shop's role too, in databases that role owns", async () => {
    const database = await createTestDatabase();
    try {
      await expectShopRole(database.db);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!asRoot)(
    'runs every process of the cluster as an unprivileged user when the shop runs as root (skipped when the tests do not run as root)',
    async () => {
      const dataDir = newDataDir();
      const database = await openDatabase({ kind: 'embedded', dataDir, maxConnections: 3 });
      try {
        // Backends of the pool's connections too, not only the postmaster.
        await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
        const pids = clusterProcesses(cluster(dataDir));
        expect(pids.length).toBeGreaterThanOrEqual(5); // postmaster, checkpointer, writer, walwriter, launcher, backends
        for (const pid of pids) {
          const ids = idsOf(pid);
          expect(ids.uid.length, `pid ${pid}`).toBe(4);
          for (const id of [...ids.uid, ...ids.gid]) expect(id, `pid ${pid}: ${JSON.stringify(ids)}`).not.toBe(0);
        }
        // Even the database's own superuser cannot read root's files: the operating system refuses the server.
        await expect(superuserQuery(dataDir, "select pg_read_file('/etc/shadow')")).rejects.toThrow(/could not open file .*Permission denied/);
        expect(statSync(cluster(dataDir)).uid).not.toBe(0);
        expect(statSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700); // nothing outside DATA_DIR was opened up
      } finally {
        await database.close();
      }
      expect(clusterProcesses(cluster(dataDir))).toEqual([]);
    },
    60_000,
  );

  it.skipIf(!asRoot)(
    'runs it as the account EMBEDDED_POSTGRES_USER names, handing the cluster over when it changes (skipped when the tests do not run as root)',
    async () => {
      const dataDir = newDataDir();
      const daemon = { uid: 1, gid: 1 }; // Debian's "daemon": an account of its own, not nobody
      const first = await openDatabase({ kind: 'embedded', dataDir, user: 'daemon' });
      try {
        const pids = clusterProcesses(cluster(dataDir));
        expect(pids.length).toBeGreaterThan(0);
        for (const pid of pids) expect(idsOf(pid)).toEqual({ uid: [1, 1, 1, 1], gid: [1, 1, 1, 1] });
        expect(statSync(cluster(dataDir))).toMatchObject(daemon);
      } finally {
        await first.close();
      }
      const notes: string[] = [];
      const again = await openDatabase({ kind: 'embedded', dataDir, say: (line) => notes.push(line) });
      try {
        expect(notes.join('\n')).toContain('now belongs to the unprivileged user the server runs as (uid 65534)');
        expect(new Set(walk(cluster(dataDir)).map((entry) => statSync(entry).uid))).toEqual(new Set([65534]));
        await expectShopRole(again.db);
      } finally {
        await again.close();
      }
      await expect(openDatabase({ kind: 'embedded', dataDir, user: 'no-such-account' })).rejects.toThrow(/no user no-such-account in \/etc\/passwd/);
      await expect(openDatabase({ kind: 'embedded', dataDir, user: 'root' })).rejects.toThrow(/cannot run as root/);
    },
    60_000,
  );

  it('takes over a folder made by an earlier version (cluster and tables of the superuser): same data, the shop role, backups and restores', async () => {
    const dataDir = newDataDir();
    await makeFolderTheOldWay(dataDir);
    if (asRoot) expect(statSync(cluster(dataDir)).uid).toBe(0);

    const database = await openDatabase({ kind: 'embedded', dataDir });
    let file: string;
    try {
      expect((await database.db.select({ name: products.name }).from(products)).map((p) => p.name)).toEqual(['Raw Shea Butter']);
      await expectShopRole(database.db);
      // The shop writes on: its triggers' functions and sequences are its own now.
      await database.db.update(products).set({ stock: 7 });
      await database.db.insert(products).values({ name: 'African Black Soap', category: 'Cleansers', pricePesewas: 2000 });
      if (asRoot) {
        const owners = new Set(walk(cluster(dataDir)).map((entry) => statSync(entry).uid));
        expect([...owners]).not.toContain(0);
        expect(owners.size).toBe(1);
      }
      file = (await backupNow(database.url ?? '', path.join(dataDir, 'backups'), 0)).file;
    } finally {
      await database.close();
    }

    // Restored into a fresh folder, through the shop's role too.
    const freshDir = newDataDir();
    mkdirSync(freshDir, { recursive: true });
    const server = await startEmbeddedPostgres({ dataDir: freshDir, unsafeFastWrites: true });
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      const summary = await restoreBackup(client, file, { migrationsFolder: migrationsFolder() });
      expect(summary.rows).toBeGreaterThanOrEqual(2);
      expect((await client.query('select name from products order by name')).rows).toEqual([{ name: 'African Black Soap' }, { name: 'Raw Shea Butter' }]);
      expect((await client.query('select rolsuper from pg_roles where rolname = current_user')).rows).toEqual([{ rolsuper: false }]);
    } finally {
      await client.end().catch(() => {});
      await server.stop();
    }
  }, 120_000);
});

/**
 * A data folder as versions before issue 41 made it: as root, `initdb` and `postgres` in a user
 * namespace whose "nobody" is root outside (so the cluster's files are root's), and the migrations
 * run by the superuser (so the tables, functions and pg_trgm are the superuser's).
 */
async function makeFolderTheOldWay(dataDir: string): Promise<void> {
  const bins = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string; postgres: string };
  const prefix = asRoot ? ['unshare', '--user', '--map-user=65534', '--map-group=65534'] : [];
  const socketDir = path.join(dataDir, 'run');
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const run = (args: string[]) =>
    prefix.length > 0 ? { command: prefix[0] as string, args: [...prefix.slice(1), ...args] } : { command: args[0] as string, args: args.slice(1) };
  const initdb = run([bins.initdb, '-D', cluster(dataDir), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C']);
  execFileSync(initdb.command, initdb.args, { stdio: 'ignore' });
  const postgres = run([bins.postgres, '-D', cluster(dataDir), '-c', 'listen_addresses=', '-c', `unix_socket_directories=${socketDir}`, '-c', 'fsync=off']);
  const child: ChildProcess = spawn(postgres.command, postgres.args, { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const until = Date.now() + 30_000;
    while (!(await canConnect(superuserUrl(dataDir)))) {
      if (Date.now() > until) throw new Error('the old-style server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const old = await openDatabase({ kind: 'postgres', url: superuserUrl(dataDir), maxConnections: 1 });
    try {
      await old.db.insert(products).values({ name: 'Raw Shea Butter', category: 'Skin', pricePesewas: 4550, stock: 3 });
      const [extension] = await rows<{ owner: string }>(old.db, sql`select extowner::regrole::text as owner from pg_extension where extname = 'pg_trgm'`);
      expect(extension?.owner).toBe('postgres');
      const [tables] = await rows<{ n: number }>(
        old.db,
        sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner <> 'postgres'`,
      );
      expect(tables?.n).toBe(0);
    } finally {
      await old.close();
    }
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}
