import { and, asc, desc, sql } from 'drizzle-orm';
import type { CatalogueChanges } from '@/shared/catalogue';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Db } from '../../db/client';
import { products, productTombstones } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { badRequest } from '../../errors';
import type { CachedBody, CatalogueCache } from './catalogue-cache';
import { toProduct } from './products';

/*
 * GET /catalogueChanges: the phone keeps a catalogue version and asks what changed since.
 *
 * Every product row carries the id of the transaction that last changed its data and its stock
 * (data_version, stock_version; set by a trigger, migration catalogue_tracking), and every deleted
 * product leaves a tombstone with the deleting transaction's id. The version handed to the phone is
 * NOT the newest transaction id but the xmin of the snapshot the answer was read in
 * (pg_snapshot_xmin(pg_current_snapshot()), in the same REPEATABLE READ transaction as the read).
 * Transaction ids are handed out when a transaction first writes, not when it commits, so a
 * transaction that began before another may commit after it: "changes newer than the last id I saw"
 * would skip it for ever. Whatever the snapshot could not see was written by a transaction that was
 * still running or had not begun, and every such transaction has an id at or above the snapshot's
 * xmin. So "rows whose version >= V" holds every change the phone's copy lacks; it may also hold a
 * few it already has, which is harmless: applying a product or a stock level twice gives the same copy.
 * (xmin is the whole server's: a long transaction anywhere holds it back, and answers grow until it
 * ends. They never miss anything.)
 */

/**
 * The versions this server hands out: `v1.<xmin>.<epoch>`, the snapshot's xmin and the catalogue's
 * epoch (table catalogue_epoch: a new random number whenever products were emptied without tombstones).
 */
export interface CatalogueVersion {
  xmin: bigint;
  epoch: bigint;
}

const VERSION = /^v1\.(\d{1,19})\.(\d{1,19})$/;
const MAX_BIGINT = 2n ** 63n - 1n;

const formatVersion = ({ xmin, epoch }: CatalogueVersion) => `v1.${xmin}.${epoch}`;

/** A phone's `since`, or a 400 naming what to do. */
export function parseCatalogueVersion(text: string): CatalogueVersion {
  const match = VERSION.exec(text);
  const [xmin, epoch] = match ? [BigInt(match[1] as string), BigInt(match[2] as string)] : [MAX_BIGINT + 1n, 0n];
  if (xmin > MAX_BIGINT || epoch > MAX_BIGINT) throw badRequest(SERVER_MESSAGES.catalogueVersionUnknown);
  return { xmin, epoch };
}

/** Read-only, and one snapshot for the version and every row read. */
const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

interface Snapshot extends CatalogueVersion {
  /** The first transaction id not yet handed out: a version above it came from another database. */
  xmax: bigint;
}

/** The transaction's snapshot: its first statement, so every later read sees exactly this. */
async function snapshotOf(tx: Tx): Promise<Snapshot> {
  const result = await tx.execute(
    sql`select pg_snapshot_xmin(snap.s)::text as xmin, pg_snapshot_xmax(snap.s)::text as xmax,
               (select coalesce(max(epoch), 0) from catalogue_epoch)::text as epoch
          from (select pg_current_snapshot() as s) as snap`,
  );
  const [row] = (result as unknown as { rows: { xmin: string; xmax: string; epoch: string }[] }).rows;
  if (!row) throw new Error('no snapshot');
  return { xmin: BigInt(row.xmin), xmax: BigInt(row.xmax), epoch: BigInt(row.epoch) };
}

/** The whole catalogue with its version: the phone replaces its copy. */
export function readWholeCatalogue(db: Db): Promise<CatalogueChanges> {
  return db.transaction(async (tx) => {
    const snapshot = await snapshotOf(tx);
    const rows = await tx.select().from(products).orderBy(desc(products.createdAt), asc(products.id));
    return { version: formatVersion(snapshot), full: true, products: rows.map(toProduct), deleted: [], stock: [] };
  }, ONE_SNAPSHOT);
}

/**
 * What changed since `since`, or `full` when only the whole catalogue can answer (a version of
 * another epoch: products were emptied since, or restored from a backup; or one this database never
 * handed out).
 */
export function catalogueChangesSince(db: Db, since: CatalogueVersion): Promise<CatalogueChanges | 'full'> {
  return db.transaction(async (tx) => {
    const snapshot = await snapshotOf(tx);
    if (since.epoch !== snapshot.epoch || since.xmin > snapshot.xmax) return 'full';
    const at = since.xmin.toString();
    const edited = await tx.select().from(products).where(sql`${products.dataVersion} >= ${at}::bigint`).orderBy(asc(products.id));
    const moved = await tx
      .select({ _id: products.id, stock: products.stock, unitsSold: products.unitsSold })
      .from(products)
      .where(and(sql`${products.stockVersion} >= ${at}::bigint`, sql`${products.dataVersion} < ${at}::bigint`))
      .orderBy(asc(products.id));
    const gone = await tx
      .select({ id: productTombstones.productId })
      .from(productTombstones)
      .where(sql`${productTombstones.version} >= ${at}::bigint`)
      .orderBy(asc(productTombstones.productId));
    return { version: formatVersion(snapshot), full: false, products: edited.map(toProduct), deleted: gone.map((row) => row.id), stock: moved };
  }, ONE_SNAPSHOT);
}

/**
 * The whole catalogue's answer, built and gzipped once for every phone that asks within the cache's
 * time (any change drops it). Serving an older build is safe: its version is its own snapshot's, so
 * the phone's next question brings whatever came after.
 */
export function cachedWholeCatalogue(db: Db, cache: CatalogueCache): Promise<CachedBody> {
  return cache.get('changes full', async () => ({ text: JSON.stringify(await readWholeCatalogue(db)), holding: 'all' }));
}
