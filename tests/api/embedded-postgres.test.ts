import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '@/server/db/client';
import { startEmbeddedPostgres } from '@/server/db/embedded-postgres';
import { EmbeddedPostgresError } from '@/server/db/embedded-postgres-error';
import { orders, products, users } from '@/server/db/schema';
import { silentLogger } from '@/server/logger';
import { registerCustomer } from '@/server/services/accounts/auth';
import { placeOrder } from '@/server/services/orders/orders';
import { scheduleDailyBackups } from '@/server/services/shop/backups';
import { setupTestApi, TEST_SECRET } from '../helpers/api';
import { clusterProcesses } from '../helpers/cluster-processes';
import { checkoutForm, guestOrder } from '../helpers/orders';
import { listeningPort, runScript, startServer } from '../helpers/server-process';

/**
 * The default database: a PostgreSQL server the shop runs in DATA_DIR (Linux here; the CI machine
 * runs as root, so this also covers the unprivileged user and mounts the server gets there). Runs once, in
 * api:embedded, like the other process checks.
 */
const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-'));
const cluster = (dataDir: string) => path.join(dataDir, 'postgres');
const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(cluster(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);

const serverProcesses = (dataDir: string) => clusterProcesses(cluster(dataDir));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function setting(db: Db, name: string): Promise<string> {
  const result = await db.execute(sql`select setting from pg_settings where name = ${name}`);
  return String((result as unknown as { rows: { setting: string }[] }).rows[0]?.setting);
}

/** A product and a Cash on Delivery order for it, through the real services. */
async function placeAnOrder(db: Db) {
  const [product] = await db
    .insert(products)
    .values({ name: 'Raw Shea Butter', category: 'Skin', pricePesewas: 4550, stock: 10, images: ['0123456789abcdef0123456789abcdef'] })
    .returning({ id: products.id });
  const { answer } = await placeOrder(db, {
    form: { ...checkoutForm },
    guestCart: [{ productId: product?.id ?? '', quantity: 2 }],
    userId: null,
    holdMinutes: 30,
    codConfirmHours: 48,
    buyerUnitsPerDay: 0,
    secret: TEST_SECRET,
    publicUrl: 'http://localhost',
    now: new Date(),
  });
  return answer;
}

const runCli = (args: string[], env: Record<string, string>) => runScript('src/server/backup-cli.ts', args, { ...process.env, LOG_LEVEL: 'warn', ...env });

describe('the default database, serving the shop', () => {
  const dataDir = newDataDir();
  const api = setupTestApi({}, { openDatabase: () => openDatabase({ kind: 'embedded', dataDir }) });

  it('has every commit on disk before an order is answered', async () => {
    for (const name of ['fsync', 'synchronous_commit', 'full_page_writes']) expect(await setting(api.db, name), name).toBe('on');
    const product = await api.createProduct({ stock: 5 });

    // Trace the sync calls of the server and all its backends (and any forked meanwhile).
    const traceFile = path.join(dataDir, 'sync.trace');
    const pids = serverProcesses(dataDir);
    let traceErr = '';
    const trace = spawn('strace', ['-f', '-ttt', '-e', 'trace=fsync,fdatasync', '-o', traceFile, ...pids.flatMap((pid) => ['-p', String(pid)])]);
    trace.stderr.on('data', (d) => {
      traceErr += d;
    });
    await eventually(() => (traceErr.match(/attached/g) ?? []).length >= pids.length);

    const sent = Date.now() / 1000;
    const { status } = await guestOrder(api, [{ productId: product.id, quantity: 1 }]);
    const answered = Date.now() / 1000;
    trace.kill('SIGINT');
    await new Promise((r) => trace.on('exit', r));

    expect(status).toBe(201);
    const syncs = readFileSync(traceFile, 'utf8')
      .split('\n')
      .map((line) => /^\d+\s+(\d+\.\d+) (fsync|fdatasync)\(\d+\)\s+= 0/.exec(line))
      .filter((m) => m && Number(m[1]) >= sent && Number(m[1]) <= answered);
    expect(syncs.length).toBeGreaterThan(0);
  }, 30_000);

  it('answers GET /api/health with 503 while the database is down, and starts a server that died again', async () => {
    expect((await api.json('GET', '/api/health')).status).toBe(200);
    process.kill(postmasterPid(dataDir), 'SIGKILL');
    // A pooled backend may answer once more before it notices its server is gone.
    let down = await api.json('GET', '/api/health');
    await eventually(async () => {
      down = await api.json('GET', '/api/health');
      return down.status === 503;
    }, 5_000);
    expect(down.body.message).toBe('The database is not reachable.');
    // The shop starts it again by itself (the pool reconnects): no stack trace on the way.
    await eventually(async () => (await api.json('GET', '/api/health')).status === 200, 20_000);
    expect((await api.createProduct()).id).toBeTruthy();
  }, 30_000);

  it('is backed up when the newest backup is a day old, keeping BACKUP_KEEP', async () => {
    const dir = path.join(dataDir, 'backups');
    mkdirSync(dir, { recursive: true });
    const old = ['shop-2026-11-01T00-00-00Z.backup.gz', 'shop-2026-11-02T00-00-00Z.backup.gz'];
    for (const name of old) writeFileSync(path.join(dir, name), '');
    for (const name of old) utimesSync(path.join(dir, name), new Date('2026-11-02'), new Date('2026-11-02'));
    const backups = scheduleDailyBackups({ url: api.database.url ?? '', dir, keep: 2, log: silentLogger, firstCheckMs: 0, checkEveryMs: 20 });
    try {
      // Written, then the oldest pruned.
      await eventually(() => !existsSync(path.join(dir, old[0] as string)) && readdirSync(dir).length === 2);
      await new Promise((r) => setTimeout(r, 150)); // further checks: today's backup is fresh, so no second one
      expect(readdirSync(dir).sort()).toEqual([old[1], expect.stringMatching(/^shop-.*\.backup\.gz$/)]);
    } finally {
      backups.stop();
    }
  });
});

describe('the default database, starting and stopping', () => {
  it('refuses a data folder with fsync off, unless UNSAFE_FAST_WRITES', async () => {
    const dataDir = newDataDir();
    await (await openDatabase({ kind: 'embedded', dataDir })).close();
    appendFileSync(path.join(cluster(dataDir), 'postgresql.auto.conf'), 'fsync = off\n');

    const refused = openDatabase({ kind: 'embedded', dataDir });
    await expect(refused).rejects.toBeInstanceOf(EmbeddedPostgresError);
    await expect(refused).rejects.toThrow(/has fsync=off off/);
    expect(serverProcesses(dataDir)).toEqual([]); // stopped again
    const fast = await openDatabase({ kind: 'embedded', dataDir, unsafeFastWrites: true });
    expect(await setting(fast.db, 'fsync')).toBe('off');
    await fast.close();
  }, 60_000);

  it('stops a server left running by a shop that died, and clears a stale postmaster.pid', async () => {
    const dataDir = newDataDir();
    const orphan = await startEmbeddedPostgres({ dataDir }); // as if its shop had died without a parent-death signal
    const notes: string[] = [];
    const database = await openDatabase({ kind: 'embedded', dataDir, say: (line) => notes.push(line) });
    expect(isAlive(orphan.pid)).toBe(false);
    expect(notes.join('\n')).toContain(`stopping a PostgreSQL server (pid ${orphan.pid}) left running`);
    await database.close();
    expect(serverProcesses(dataDir)).toEqual([]);

    // A power cut leaves postmaster.pid naming a process that is gone (or a pid since reused).
    writeFileSync(path.join(cluster(dataDir), 'postmaster.pid'), `${process.pid}\n${cluster(dataDir)}\n`);
    const again = await openDatabase({ kind: 'embedded', dataDir });
    expect(await setting(again.db, 'fsync')).toBe('on');
    await again.close();
  }, 60_000);

  it("moves a PGlite folder's data in on the first start, keeping the old folder", async () => {
    const dataDir = newDataDir();
    const old = await openDatabase({ kind: 'pglite', dataDir });
    await registerCustomer(old.db, { fullName: 'Ama Mensah', email: 'ama@example.com', password: 'password-1', confirmPassword: 'password-1' }, new Date());
    const answer = await placeAnOrder(old.db);
    await old.close();

    const notes: string[] = [];
    const database = await openDatabase({ kind: 'embedded', dataDir, say: (line) => notes.push(line) });
    try {
      expect((await database.db.select({ email: users.email }).from(users)).map((u) => u.email)).toEqual(['ama@example.com']);
      const [order] = await database.db.select().from(orders);
      expect(order?.orderNumber).toBe(answer.order.orderNumber);
      expect(order?.totalPesewas).toBe(9100);
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
      const aside = readdirSync(dataDir).find((name) => name.startsWith('pglite-backup-'));
      expect(aside).toBeTruthy();
      expect(notes.join('\n')).toContain(`The old folder is kept at ${path.join(dataDir, aside ?? '')}`);
    } finally {
      await database.close();
    }
    // The next start moves nothing again.
    const next = await openDatabase({ kind: 'embedded', dataDir, say: (line) => notes.push(line) });
    expect(await next.db.select().from(orders)).toHaveLength(1);
    await next.close();
  }, 60_000);

  it('backs up while the shop runs, and a restore into a fresh folder serves the same orders', async () => {
    const dataDir = newDataDir();
    const shop: Database = await openDatabase({ kind: 'embedded', dataDir });
    let answer: Awaited<ReturnType<typeof placeAnOrder>>;
    let backup: { code: number | null; output: string };
    try {
      answer = await placeAnOrder(shop.db);
      backup = await runCli(['backup'], { DATA_DIR: dataDir });
      expect(backup.code, backup.output).toBe(0);
      // Never over a running shop's data.
      const over = await runCli(['restore', 'x.backup.gz'], { DATA_DIR: dataDir });
      expect(over.code).toBe(1);
      expect(over.output).toContain('is in use by another process');
    } finally {
      await shop.close();
    }
    const file = /Backup written: (\S+) /.exec(backup.output)?.[1] ?? '';
    expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
    // Password hashes, sessions and customers' details: for the shop's account only.
    expect([statSync(file).mode & 0o777, statSync(path.dirname(file)).mode & 0o777]).toEqual([0o600, 0o700]);

    const freshDir = newDataDir();
    const restore = await runCli(['restore', file], { DATA_DIR: freshDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('DATA_DIR/app-secret');
    // The order's token was signed with the shop's secret: the restored shop runs with the same one.
    const server = startServer({ PORT: '0', DATA_DIR: freshDir, APP_SECRET: TEST_SECRET.toString() });
    try {
      const port = await listeningPort(server);
      const res = await fetch(`http://127.0.0.1:${port}/api/getOrderById/${answer.order._id}`, { headers: { 'x-order-token': answer.orderToken ?? '' } });
      expect(res.status).toBe(200);
      const { order } = (await res.json()) as { order: { orderNumber: string; total: number } };
      expect(order).toMatchObject({ orderNumber: answer.order.orderNumber, total: 91 });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
