import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, restoreBackup } from '@/server/db/backup';
import { migrationsFolder } from '@/server/db/client';
import { outboxMessages, products, shopSettings } from '@/server/db/schema';
import { gsm7Length, isGsm7 } from '@/server/notify/gsm7';
import { createOutboxSender } from '@/server/notify/sender';
import { createHubtelSms } from '@/server/notify/sms-hubtel';
import { alertOwner } from '@/server/notify/system-alerts';
import { messageTexts } from '@/server/notify/texts';
import { secretFileFor } from '@/server/secret';
import { s3ClientFor, s3ImageFiles } from '@/server/services/catalogue/s3-images';
import { dailyBackup } from '@/server/services/shop/backups';
import { checkDisk } from '@/server/services/shop/disk-alerts';
import { backupBucket, openBundle, restoreFromBucket } from '@/server/services/shop/offsite-backups';
import { parseStorageUrl } from '@/server/storage-url';
import { setupTestApi } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';
import { setupMessageSinks } from '../helpers/message-sinks';
import { startS3Server } from '../helpers/s3-server';

/**
 * Backups leave the machine (an encrypted bundle in the STORAGE_URL bucket, on s3rver), the
 * restore drill from the bucket into an empty folder and database, and the owner's system alerts
 * (a failed backup, a full disk, the SMS account out of credit), each at most once a day.
 */
const api = setupTestApi();
const sinks = setupMessageSinks();
const BUCKET = 'shop-backups';
let s3: Awaited<ReturnType<typeof startS3Server>>;
const scratch: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
const DAY = new Date('2026-11-25T06:30:00.000Z');
const NEXT_DAY = new Date('2026-11-26T06:30:00.000Z');

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.dispose();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
  scratch.push(dir);
  return dir;
};

/** The owner's alert contacts (none: the shop's own e-mail and phone are used). */
async function setAlerts(phones: string[], emails: string[]) {
  const values = {
    ownerAlerts: { phones, emails, newOrder: true, paymentFlag: true, lowStock: true },
    shopName: 'Nkuto Naturals',
    email: 'shop@nkuto.test',
    phone: '024 111 2222',
    whatsapp: '',
    address: 'Osu, Accra',
  };
  await api.db
    .insert(shopSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: values });
}

const alertsOf = (kind: 'owner_backup_failed' | 'owner_disk_full' | 'owner_sms_credit_low') =>
  api.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, kind), like(outboxMessages.dedupeKey, 'system:%')))
    .orderBy(outboxMessages.createdAt, outboxMessages.channel);

describe('owner alerts', () => {
  it('are short GSM-7 SMS in one segment, with the error in the e-mail only', () => {
    const long = 'A Very Long Shop Name That Goes On And On Ltd';
    for (const event of [
      { kind: 'owner_backup_failed', where: 'bucket', error: 'ECONNREFUSED 127.0.0.1:9000' },
      { kind: 'owner_backup_failed', where: 'local', error: 'ENOSPC' },
      { kind: 'owner_disk_full', percent: 93, folder: '/srv/shop' },
      { kind: 'owner_sms_credit_low', detail: 'HTTP 402' },
    ] as const) {
      const texts = messageTexts(event, long);
      expect(isGsm7(texts.sms)).toBe(true);
      expect(gsm7Length(texts.sms)).toBeLessThanOrEqual(160);
      if (event.kind === 'owner_backup_failed') expect(texts.text).toContain(event.error);
    }
  });

  it('go once a day per kind, even when raised again (another process), and again the next day', async () => {
    await setAlerts(['+233201112222'], ['owner@nkuto.test']);
    const event = { kind: 'owner_backup_failed', where: 'local', error: 'disk full' } as const;
    expect(await alertOwner(api.db, api.secret, event, DAY)).toBe(2);
    // A second failure the same day, raised at once from two "processes": nothing more.
    const again = await Promise.all([alertOwner(api.db, api.secret, event, DAY), alertOwner(api.db, api.secret, { ...event, where: 'bucket' }, DAY)]);
    expect(again).toEqual([0, 0]);
    expect((await alertsOf('owner_backup_failed')).map((r) => `${r.channel} ${r.recipient}`)).toEqual(['email owner@nkuto.test', 'sms +233201112222']);
    expect(await alertOwner(api.db, api.secret, event, NEXT_DAY)).toBe(2);
    expect(await alertsOf('owner_backup_failed')).toHaveLength(4);
  });

  it('go to the shop’s own e-mail and phone when no alert contacts are set', async () => {
    await setAlerts([], []);
    expect(await checkDisk({ db: api.db, secret: api.secret, dir: '/data', thresholdPercent: 90, statfs: fullDisk(95), now: DAY })).toEqual({
      percent: 95,
      alerted: 2,
    });
    const rows = await alertsOf('owner_disk_full');
    expect(rows.map((r) => `${r.audience} ${r.channel} ${r.recipient}`)).toEqual(['owner email shop@nkuto.test', 'owner sms +233241112222']);
    expect(rows[1]?.body).toMatch(/disk is 95% full/);
  });

  it('check the disk with statfs: over the line alerts once a day, under it nothing', async () => {
    await setAlerts([], ['owner@nkuto.test']);
    const at = new Date('2026-12-01T10:00:00Z');
    const check = (percent: number, now = at) =>
      checkDisk({ db: api.db, secret: api.secret, dir: '/data', thresholdPercent: 90, statfs: fullDisk(percent), now });
    expect(await check(90)).toEqual({ percent: 90, alerted: 0 });
    expect(await check(91)).toEqual({ percent: 91, alerted: 1 });
    expect(await check(99, new Date('2026-12-01T11:00:00Z'))).toEqual({ percent: 99, alerted: 0 });
    expect(await check(99, new Date('2026-12-02T11:00:00Z'))).toEqual({ percent: 99, alerted: 1 });
    // 0 turns the check off; the real statfs of this machine answers.
    expect((await checkDisk({ db: api.db, secret: api.secret, dir: os.tmpdir(), thresholdPercent: 0 })).alerted).toBe(0);
  });

  it('tell of the SMS account out of credit when Hubtel refuses a send with 402, once a day', async () => {
    await setAlerts(['+233201112222'], ['owner@nkuto.test']);
    sinks.gateway.setCredit(0);
    const sender = createOutboxSender({
      db: api.db,
      log: quiet,
      secret: api.secret,
      channels: { sms: createHubtelSms({ apiKey: sinks.gateway.apiKey, senderId: 'NkutoShop', baseUrl: sinks.gateway.url }), email: null },
      clock: () => DAY,
      options: { maxAttempts: 1, timeoutMs: 3_000 },
    });
    await alertOwner(api.db, api.secret, { kind: 'owner_disk_full', percent: 97, folder: '/data' }, new Date('2026-11-20T00:00:00Z'));
    await sender.runOnce();
    expect(sinks.gateway.answers.map((a) => a.status)).toContain(402);
    const credit = await alertsOf('owner_sms_credit_low');
    expect(credit.map((r) => `${r.channel} ${r.recipient}`)).toEqual(['email owner@nkuto.test', 'sms +233201112222']);
    expect(credit[0]?.body).toMatch(/HTTP 402/);
    // Its own SMS is refused for the same reason: no second alert that day.
    await sender.runOnce();
    expect(await alertsOf('owner_sms_credit_low')).toHaveLength(2);
  });
});

/** A statfs answer for a disk `percent` full (no root-reserved blocks). */
function fullDisk(percent: number) {
  return async () => ({ blocks: 1000, bfree: 1000 - percent * 10, bavail: 1000 - percent * 10 });
}

describe('backups off the machine', () => {
  it('copies each daily backup to the bucket, encrypted; the drill restores it into an empty folder', async () => {
    const location = parseStorageUrl(s3.storageUrl(`${BUCKET}/shop-a`));
    const bucket = backupBucket(location);
    const images = s3ImageFiles(location);
    cleanups.push(async () => {
      bucket.close();
      images.close();
    });
    await images.write('abc123-640.webp', Buffer.from('not really an image'));
    await api.db.insert(products).values({ name: 'Drill Shea Butter', category: 'Skin', pricePesewas: 4550, stock: 3 });
    const dir = tempDir('backups');
    const failures: string[] = [];
    for (const day of [1, 2, 3]) {
      await dailyBackup({
        url: shopUrl(),
        dir,
        keep: 2,
        log: quiet,
        offsite: { bucket, secret: api.secret, uploads: images },
        onFailure: async (where) => failures.push(where),
        now: new Date(Date.UTC(2026, 10, day, 6, 30)),
      });
    }
    expect(failures).toEqual([]);
    // BACKUP_KEEP applies in the bucket too; the image store's own files are untouched.
    expect(await bucket.list()).toEqual(['shop-2026-11-02T06-30-00Z.bundle', 'shop-2026-11-03T06-30-00Z.bundle']);
    expect(await images.exists('abc123-640.webp')).toBe(true);
    const sealed = (await bucket.get('shop-2026-11-03T06-30-00Z.bundle')) as Buffer;
    expect(sealed.includes(Buffer.from('Drill Shea Butter'))).toBe(false);
    expect(sealed.includes(api.secret)).toBe(false);
    expect(openBundle(api.secret, sealed, 'x').manifest).toMatchObject({ backupFile: 'shop-2026-11-03T06-30-00Z.backup.gz', uploads: ['abc123-640.webp'] });

    // The drill: an empty DATA_DIR and an empty database, the secret from APP_SECRET.
    const dataDir = tempDir('drill');
    const target = await createPostgresDatabase();
    cleanups.push(target.drop);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    cleanups.push(() => client.end());
    const result = await restoreFromBucket({
      bucket,
      secret: api.secret,
      which: 'latest',
      dataDir,
      restore: (file) => restoreBackup(client, file, { migrationsFolder: migrationsFolder() }),
    });
    expect(result.name).toBe('shop-2026-11-03T06-30-00Z.bundle');
    expect((await client.query('select name, stock from products')).rows).toContainEqual({ name: 'Drill Shea Butter', stock: 3 });
    expect(result.secretWritten).toBe(secretFileFor(dataDir));
    expect(fs.readFileSync(secretFileFor(dataDir), 'utf8')).toBe(`${api.secret.toString('utf8')}\n`);
    expect(fs.statSync(secretFileFor(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('refuses a wrong secret and a changed object, writing nothing', async () => {
    const location = parseStorageUrl(s3.storageUrl(`${BUCKET}/shop-a`));
    const bucket = backupBucket(location);
    cleanups.push(async () => bucket.close());
    const dataDir = tempDir('refused');
    let restores = 0;
    const attempt = (secret: Buffer, which = 'latest') =>
      restoreFromBucket({
        bucket,
        secret,
        which,
        dataDir,
        restore: async () => {
          restores += 1;
          throw new Error('never reached');
        },
      });
    const wrong = attempt(Buffer.from('another-shop-secret-of-at-least-32-chars'));
    await expect(wrong).rejects.toBeInstanceOf(BackupError);
    await expect(wrong).rejects.toThrow(/is not the server secret of the shop that made it, or the object was changed/);

    // One byte of the ciphertext changed in the bucket.
    const name = 'shop-2026-11-02T06-30-00Z.bundle';
    const bytes = (await bucket.get(name)) as Buffer;
    bytes[bytes.length - 40] = (bytes[bytes.length - 40] ?? 0) ^ 1;
    await bucket.put(name, bytes);
    await expect(attempt(api.secret, name)).rejects.toThrow(/could not be opened/);
    // And a bundle whose version byte was changed is no bundle this version reads.
    bytes[20] = 0x32;
    await bucket.put(name, bytes);
    await expect(attempt(api.secret, name)).rejects.toThrow(/not a shop backup bundle/);
    await expect(attempt(api.secret, 'shop-2020-01-01T00-00-00Z.bundle')).rejects.toThrow(/There is no bundle/);
    expect(restores).toBe(0);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('alerts the owner when the copy to the bucket fails, and keeps the local backup', async () => {
    await setAlerts([], ['owner@nkuto.test']);
    const location = parseStorageUrl(s3.storageUrl(`${BUCKET}/shop-b`));
    const bucket = backupBucket(location, s3ClientFor(location));
    cleanups.push(async () => bucket.close());
    const dir = tempDir('failing');
    const run = (now: Date) =>
      dailyBackup({
        url: shopUrl(),
        dir,
        keep: 7,
        log: quiet,
        offsite: { bucket, secret: api.secret },
        onFailure: (where, error) => alertOwner(api.db, api.secret, { kind: 'owner_backup_failed', where, error: String(error) }, now),
        now,
      });
    await s3.stop();
    try {
      await run(new Date('2026-12-05T06:30:00Z'));
      await run(new Date('2026-12-05T07:30:00Z'));
    } finally {
      await s3.start();
    }
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.backup.gz'))).toHaveLength(2);
    const alerts = (await alertsOf('owner_backup_failed')).filter((r) => r.dedupeKey.includes('2026-12-05'));
    expect(alerts.map((r) => r.subject)).toEqual([expect.stringMatching(/the backup failed/)]);
    expect(alerts[0]?.body).toMatch(/The copy to the storage bucket failed today/);

    // A database that cannot be reached: the local backup fails, and says so too (already told today: nothing more).
    const failures: string[] = [];
    await dailyBackup({ url: 'postgres://nobody@127.0.0.1:1/none', dir, keep: 7, log: quiet, onFailure: async (where) => failures.push(where) });
    expect(failures).toEqual(['local']);
  });
});

/** The test file's own database: the daily backup reads it. */
function shopUrl(): string {
  const { url } = api.database;
  if (!url) throw new Error('the test database has no URL');
  return url;
}
