import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { silentLogger } from '@/server/logger';
import {
  announceCatalogueChange,
  CATALOGUE_CHANNEL,
  type CatalogueNotify,
  MAX_NOTICE_BYTES,
  noticeText,
  readNotice,
  startCatalogueNotify,
} from '@/server/services/catalogue/catalogue-notify';
import { type CatalogueChange, catalogueChanged, onCatalogueChanged } from '@/server/services/catalogue/catalogue-signal';
import { createPostgresDatabase } from '../helpers/database';

/**
 * The LISTEN/NOTIFY bridge in one test process: two "processes" are two pools on one database,
 * each with its own bridge (the real two-process proof is multi-process.test.ts).
 */
let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let first: Database;
let second: Database;
let firstBridge: CatalogueNotify;
let secondBridge: CatalogueNotify;
const heardByFirst: { change: CatalogueChange; remote: boolean }[] = [];
const heardBySecond: { change: CatalogueChange; remote: boolean }[] = [];

async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Publishes a marker change from the first and waits until the second hears it: notices are
 * delivered in order, so every one published before it has arrived. The marker is left out of what was heard.
 */
async function drain(): Promise<void> {
  const marker = randomUUID();
  const isMarker = (h: { change: CatalogueChange }) => h.change.kind === 'stock' && h.change.productIds[0] === marker;
  catalogueChanged(first.db, { kind: 'stock', productIds: [marker] });
  await eventually(() => heardBySecond.some(isMarker));
  for (const heard of [heardByFirst, heardBySecond]) heard.splice(0, heard.length, ...heard.filter((h) => !isMarker(h)));
}

/** Drains, then forgets what was heard: a test starts from silence. */
async function fresh(): Promise<void> {
  await drain();
  heardByFirst.length = 0;
  heardBySecond.length = 0;
}

/** Rows of a raw query (node-postgres's result). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await first.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  created = await createPostgresDatabase();
  first = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 });
  second = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 });
  onCatalogueChanged(first.db, (change, origin) => heardByFirst.push({ change, remote: origin.remote }));
  onCatalogueChanged(second.db, (change, origin) => heardBySecond.push({ change, remote: origin.remote }));
  firstBridge = startCatalogueNotify({ db: first.db, url: created.url, log: silentLogger, applicationName: 'bridge-test-first' });
  secondBridge = startCatalogueNotify({ db: second.db, url: created.url, log: silentLogger, applicationName: 'bridge-test-second' });
  await Promise.all([firstBridge.started, secondBridge.started]);
});

afterAll(async () => {
  await firstBridge?.stop();
  await secondBridge?.stop();
  await first?.close();
  await second?.close();
  await created?.drop();
});

describe('the catalogue signal across processes', () => {
  it("reaches the other process's listeners once, marked as remote, and never comes back as an echo", async () => {
    expect(firstBridge.isListening()).toBe(true);
    expect(secondBridge.isListening()).toBe(true);
    await fresh();
    const productId = randomUUID();
    catalogueChanged(first.db, { kind: 'stock', productIds: [productId] });
    catalogueChanged(first.db, { kind: 'products' });
    // The first process's own listeners ran at once, before anything was published.
    expect(heardByFirst).toEqual([
      { change: { kind: 'stock', productIds: [productId] }, remote: false },
      { change: { kind: 'products' }, remote: false },
    ]);
    await eventually(() => heardBySecond.length >= 2);
    // A later change proves every earlier notice has been delivered: nothing more arrives after it.
    await drain();
    expect(heardBySecond.slice(0, 2)).toEqual([
      { change: { kind: 'stock', productIds: [productId] }, remote: true },
      { change: { kind: 'products' }, remote: true },
    ]);
    // Its own notices (echoed by PostgreSQL to its own LISTEN) and the second's deliveries (never
    // published again) never reach the first's listeners.
    expect(heardByFirst.filter((h) => h.remote)).toEqual([]);
    expect(heardBySecond.filter((h) => !h.remote)).toEqual([]);
  });

  it('tells the other process of a burst of changes in the order they were made', async () => {
    await fresh();
    const productIds = Array.from({ length: 40 }, () => randomUUID());
    for (const productId of productIds) catalogueChanged(first.db, { kind: 'stock', productIds: [productId] });
    await drain();
    expect(heardBySecond.map((h) => (h.change.kind === 'stock' ? h.change.productIds[0] : h.change.kind))).toEqual(productIds);
  });

  it('sends a stock change naming too many products to fit in a notice as "everything"', async () => {
    await fresh();
    const many = Array.from({ length: 300 }, () => randomUUID());
    expect(Buffer.byteLength(JSON.stringify(many))).toBeGreaterThan(MAX_NOTICE_BYTES);
    catalogueChanged(first.db, { kind: 'stock', productIds: many });
    await eventually(() => heardBySecond.length >= 1);
    expect(heardBySecond[0]).toEqual({ change: { kind: 'all' }, remote: true });
    // The first process's own copies still know exactly which products moved.
    expect(heardByFirst[0]).toEqual({ change: { kind: 'stock', productIds: many }, remote: false });
  });

  it("treats another tool's notice on the channel as 'anything may have changed'", async () => {
    await fresh();
    await first.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'not json')`);
    await eventually(() => heardBySecond.length >= 1);
    expect(heardBySecond[0]).toEqual({ change: { kind: 'all' }, remote: true });
  });

  it('hears a command that wrote to the catalogue outside any server process (npm run seed), in every process', async () => {
    await fresh();
    await announceCatalogueChange(first.db, 'seed');
    await eventually(() => heardByFirst.length >= 1 && heardBySecond.length >= 1);
    expect(heardByFirst).toEqual([{ change: { kind: 'all' }, remote: true }]);
    expect(heardBySecond).toEqual([{ change: { kind: 'all' }, remote: true }]);
  });

  it('listens again after its connection is cut, drops local copies then, and hears changes again', async () => {
    await fresh();
    const cut = await rows(
      sql`select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = 'bridge-test-second' and datname = current_database()`,
    );
    expect(cut).toEqual([{ cut: true }]);
    // Reconnected: a new listening session, and every local copy dropped (what was said meanwhile is lost).
    await eventually(() => heardBySecond.some((h) => h.change.kind === 'all'));
    expect(heardBySecond[0]).toEqual({ change: { kind: 'all' }, remote: true });
    expect(secondBridge.isListening()).toBe(true);
    const sessions = await rows(
      sql`select count(*)::int as n from pg_stat_activity where application_name = 'bridge-test-second' and datname = current_database()`,
    );
    expect(sessions).toEqual([{ n: 1 }]);
    // The first process's copies were not dropped: only the one that lost its connection drops its own.
    expect(heardByFirst).toEqual([]);
    heardBySecond.length = 0;
    catalogueChanged(first.db, { kind: 'products' });
    await eventually(() => heardBySecond.length >= 1);
    expect(heardBySecond).toEqual([{ change: { kind: 'products' }, remote: true }]);
  });

  it('drops local copies every few seconds while it cannot listen, and says it is not listening', async () => {
    const lonely = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 1 });
    const drops: CatalogueChange[] = [];
    onCatalogueChanged(lonely.db, (change) => drops.push(change));
    // Nothing listens on port 1: every attempt fails at once.
    const bridge = startCatalogueNotify({ db: lonely.db, url: 'postgres://nobody@127.0.0.1:1/none', log: silentLogger, unheardDropMs: 20, maxRetryMs: 50 });
    try {
      await bridge.started;
      expect(bridge.isListening()).toBe(false);
      await eventually(() => drops.length >= 3);
      expect(drops.every((d) => d.kind === 'all')).toBe(true);
    } finally {
      await bridge.stop();
      await lonely.close();
    }
    // Stopped: no more drops.
    const after = drops.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(drops.length).toBe(after);
  });
});

describe('a notice', () => {
  it('carries who sent it and the change, and reads back the same', () => {
    const change: CatalogueChange = { kind: 'stock', productIds: [randomUUID(), randomUUID()] };
    expect(readNotice(noticeText('p1', change))).toEqual({ from: 'p1', change });
    expect(readNotice(noticeText('p1', { kind: 'products' }))).toEqual({ from: 'p1', change: { kind: 'products' } });
  });

  it('that cannot be read, or names an unknown change, means everything', () => {
    for (const payload of [
      undefined,
      '',
      'nope',
      '{"from":"x"}',
      '{"from":"x","change":{"kind":"prices"}}',
      '{"from":"x","change":{"kind":"stock","productIds":[1]}}',
    ]) {
      expect(readNotice(payload)).toEqual({ from: '', change: { kind: 'all' } });
    }
  });
});

describe('the direct connection (DATABASE_DIRECT_URL)', () => {
  it('is what the migrations lock the database through, and what the bridge is given', async () => {
    // The pool's URL works; the direct one does not: opening fails, since the migrations' session lock needs it.
    await expect(
      openDatabase({ kind: 'postgres', url: created.url, directUrl: 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs: 1_000 }),
    ).rejects.toThrow();
    const direct = `${created.url}${created.url.includes('?') ? '&' : '?'}application_name=direct-test`;
    const opened = await openDatabase({ kind: 'postgres', url: created.url, directUrl: direct, maxConnections: 1 });
    try {
      expect(opened.directUrl).toBe(direct);
    } finally {
      await opened.close();
    }
    // Without one, the pool's own URL serves (a server reached without a transaction pooler).
    expect(first.directUrl).toBe(created.url);
  });
});
