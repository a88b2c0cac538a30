import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { BackupError, type BackupSummary } from '../../db/backup';
import { writeFileDurably } from '../../db/durable-files';
import { secretFileFor } from '../../secret';
import type { StorageLocation } from '../../storage-url';
import { s3ClientFor } from '../catalogue/s3-images';

/**
 * Each daily backup also leaves the machine. With STORAGE_URL set, one encrypted bundle per
 * backup goes to the bucket under `{prefix}/backups/`: the database backup file, the server secret
 * (a restore on a new machine keeps the guests' order links working) and the list of stored images
 * (already in the same bucket). docs/backups.md.
 *
 * A bundle object:
 *
 *   "nkuto-backup-bundle/1\n" (22 bytes) | salt (16) | nonce (12) | AES-256-GCM ciphertext | tag (16)
 *
 * The key is HKDF-SHA256 of the server secret with the salt and the purpose label below (ARCHITECTURE
 * §8b: one secret, keys derived from it); the 50 bytes before the ciphertext are its additional data,
 * so the version cannot be changed either. The plaintext: a 4-byte length, the manifest's JSON, then
 * the backup file's bytes. The catch: the bundle holds the secret but opens only with it, so the
 * owner must keep APP_SECRET (or DATA_DIR/app-secret) somewhere safe off the machine.
 */
const MAGIC = Buffer.from('nkuto-backup-bundle/1\n', 'ascii');
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + NONCE_BYTES;
const PURPOSE = 'nkuto-shop backup-bundle aes-256-gcm v1';
/** Bundles are named after their backup: shop-2026-11-25T06-30-00Z.bundle. */
const BUNDLE_NAME = /^shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.bundle$/;
export const BUCKET_BACKUPS_FOLDER = 'backups';

export interface BundleManifest {
  format: 'nkuto-backup-bundle';
  version: 1;
  createdAt: string;
  /** The backup file's name (as in DATA_DIR/backups). */
  backupFile: string;
  /** The server secret the shop signed with (APP_SECRET or DATA_DIR/app-secret), as text. */
  appSecret: string;
  /** The stored images' names in the bucket at the time (their files stay where they are). */
  uploads: string[];
}

export interface Bundle {
  manifest: BundleManifest;
  database: Buffer;
}

const bundleKey = (secret: Buffer, salt: Buffer) => Buffer.from(hkdfSync('sha256', secret, salt, PURPOSE, 32));

/** The bundle encrypted under a key derived from `secret`. */
export function sealBundle(secret: Buffer, bundle: Bundle): Buffer {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, salt, nonce]);
  const manifest = Buffer.from(JSON.stringify(bundle.manifest), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(manifest.length);
  const cipher = createCipheriv('aes-256-gcm', bundleKey(secret, salt), nonce);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(Buffer.concat([length, manifest, bundle.database])), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}

/** The bundle, opened and checked; a BackupError when it is not one, or `secret` is not the one it was made with, or it was changed. */
export function openBundle(secret: Buffer, bytes: Buffer, name: string): Bundle {
  if (bytes.length < HEADER_BYTES + TAG_BYTES + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupError(`${name} is not a shop backup bundle (or one of a format this version cannot read).`);
  }
  const salt = bytes.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const nonce = bytes.subarray(MAGIC.length + SALT_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', bundleKey(secret, salt), nonce);
  decipher.setAAD(bytes.subarray(0, HEADER_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BackupError(
      `${name} could not be opened: APP_SECRET (or DATA_DIR/app-secret) is not the server secret of the shop that made it, or the object was changed in the bucket. Nothing was written.`,
    );
  }
  const length = plain.readUInt32BE(0);
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(plain.subarray(4, 4 + length).toString('utf8'));
  } catch {
    throw new BackupError(`${name} is a damaged bundle: its manifest is not JSON.`);
  }
  if (manifest.format !== 'nkuto-backup-bundle' || manifest.version !== 1 || typeof manifest.appSecret !== 'string') {
    throw new BackupError(`${name} is a damaged bundle: its manifest is incomplete.`);
  }
  return { manifest, database: plain.subarray(4 + length) };
}

/** The backups folder of the STORAGE_URL bucket (`{prefix}/backups/`). */
export interface BackupBucket {
  readonly where: string;
  put(name: string, bytes: Buffer): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>;
  /** The bundles' names, oldest first. */
  list(): Promise<string[]>;
  delete(name: string): Promise<void>;
  close(): void;
}

export function backupBucket(location: StorageLocation, client: S3Client = s3ClientFor(location)): BackupBucket {
  const { bucket } = location;
  const folder = `${location.prefix ? `${location.prefix}/` : ''}${BUCKET_BACKUPS_FOLDER}/`;
  return {
    where: `s3://${bucket}/${folder} at ${location.endpoint}`,
    async put(name, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: folder + name, Body: bytes, ContentLength: bytes.length, ContentType: 'application/octet-stream' }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: folder + name }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(folder.length);
          if (name && BUNDLE_NAME.test(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: folder + name }));
    },
    close() {
      client.destroy();
    },
  };
}

export const bundleNameFor = (backupFile: string) => path.basename(backupFile).replace(/\.backup\.gz$/, '.bundle');

/**
 * Copies a backup file to the bucket as an encrypted bundle, then removes the oldest bundles beyond
 * `keep` (BACKUP_KEEP, as in DATA_DIR/backups).
 */
export async function copyBackupToBucket(options: {
  file: string;
  secret: Buffer;
  bucket: BackupBucket;
  keep: number;
  /** The stored images (the bucket's image files): their names go into the manifest. */
  uploads?: { list(): AsyncIterable<string> };
  now?: Date;
}): Promise<{ name: string; bytes: number; uploads: number; pruned: string[] }> {
  const uploads: string[] = [];
  if (options.uploads) for await (const name of options.uploads.list()) uploads.push(name);
  uploads.sort();
  const manifest: BundleManifest = {
    format: 'nkuto-backup-bundle',
    version: 1,
    createdAt: (options.now ?? new Date()).toISOString(),
    backupFile: path.basename(options.file),
    appSecret: options.secret.toString('utf8'),
    uploads,
  };
  const sealed = sealBundle(options.secret, { manifest, database: await fs.promises.readFile(options.file) });
  const name = bundleNameFor(options.file);
  await options.bucket.put(name, sealed);
  const pruned: string[] = [];
  if (options.keep > 0) {
    const names = await options.bucket.list();
    for (const old of names.slice(0, Math.max(0, names.length - options.keep))) {
      await options.bucket.delete(old);
      pruned.push(old);
    }
  }
  return { name, bytes: sealed.length, uploads: uploads.length, pruned };
}

/**
 * The restore drill's first half and last step (backup-cli.ts `restore --from-bucket`): the bundle
 * (`which`: 'latest' or its name) downloaded, opened with `secret` and its backup file written to a
 * private temp folder; `restore` loads it (into the fresh embedded database, or DATABASE_URL's); then
 * the secret goes into DATA_DIR/app-secret when that file is absent. A wrong secret or a changed
 * object is refused before anything is written.
 */
export async function restoreFromBucket(options: {
  bucket: BackupBucket;
  secret: Buffer;
  which: 'latest' | string;
  dataDir: string;
  restore: (file: string) => Promise<BackupSummary>;
}): Promise<{ name: string; summary: BackupSummary; manifest: BundleManifest; secretWritten: string | undefined }> {
  let name = options.which;
  if (name === 'latest') {
    const names = await options.bucket.list();
    const newest = names.at(-1);
    if (!newest) throw new BackupError(`There are no backup bundles in ${options.bucket.where}.`);
    name = newest;
  }
  if (!BUNDLE_NAME.test(name)) throw new BackupError(`${name} is not a bundle's name (shop-YYYY-MM-DDTHH-MM-SSZ.bundle; --latest takes the newest).`);
  const bytes = await options.bucket.get(name);
  if (!bytes) throw new BackupError(`There is no bundle ${name} in ${options.bucket.where}.`);
  const { manifest, database } = openBundle(options.secret, bytes, name);
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    const file = path.join(folder, manifest.backupFile.replace(/[^\w.-]/g, '_') || 'shop.backup.gz');
    await fs.promises.writeFile(file, database, { mode: 0o600 });
    const summary = await options.restore(file);
    const secretFile = secretFileFor(options.dataDir);
    let secretWritten: string | undefined;
    if (!fs.existsSync(secretFile)) {
      await fs.promises.mkdir(path.dirname(secretFile), { recursive: true, mode: 0o700 });
      await writeFileDurably(secretFile, `${manifest.appSecret}\n`, 0o600);
      secretWritten = secretFile;
    }
    return { name, summary, manifest, secretWritten };
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
