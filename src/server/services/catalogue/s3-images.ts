import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describeLocation, type StorageLocation } from '../../storage-url';
import { type ImageFiles, type ImageStore, imageStoreOn, STORED_IMAGE_CACHE_CONTROL, storedImageType } from './images';

/**
 * The S3 client for STORAGE_URL. Checksums only where an operation requires one: since 3.729.0 the
 * SDK adds CRC32 checksums to every upload and validates them on downloads by default, and many
 * S3-compatible servers (older MinIO, Ceph, s3rver) refuse or ignore those headers. A request that
 * cannot connect in 3 s, or has no answer in 15 s, fails (and is tried again by the SDK's retries):
 * a hung bucket gives the admin the clear error instead of a spinner.
 */
export function s3ClientFor(location: StorageLocation): S3Client {
  return new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
  });
}

/** The SDK's answer status for a failed command. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: unknown }).name;

/** A missing object (not a missing bucket, which is the store's failure). */
function isMissingObject(error: unknown): boolean {
  const name = nameOf(error);
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

export interface S3ImageFiles extends ImageFiles {
  /** Resolves when the bucket answers to these credentials (HeadBucket); else the SDK's error. */
  checkBucket(): Promise<void>;
  /** Closes the client's idle connections (CLIs, tests). */
  close(): void;
}

/** The files of stored images as objects in a bucket (`{prefix}/{name}`), each with its type and a year's immutable caching. */
export function s3ImageFiles(location: StorageLocation, client: S3Client = s3ClientFor(location)): S3ImageFiles {
  const { bucket } = location;
  const prefix = location.prefix ? `${location.prefix}/` : '';
  const keyOf = (name: string) => `${prefix}${name}`;
  return {
    where: describeLocation(location),
    async checkBucket() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },
    async read(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },
    async open(name, withBody) {
      try {
        if (!withBody) {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
          return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
        }
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return {
          size: answer.ContentLength ?? 0,
          lastModified: answer.LastModified ?? new Date(0),
          body: answer.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined,
        };
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },
    async write(name, bytes) {
      // One PUT: S3 stores an object whole or not at all. The type and caching go with it, so a
      // CDN or the bucket's own public address serves it as /uploads would.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: storedImageType(name),
          CacheControl: STORED_IMAGE_CACHE_CONTROL,
        }),
      );
    },
    async delete(names) {
      // One DELETE per object rather than DeleteObjects: that call needs a Content-MD5 or checksum
      // header, which some S3-compatible servers do not take, and Google Cloud Storage lacks it.
      // Deleting a missing key is a success in S3.
      await Promise.all(names.map((name) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }))));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          // Deeper keys (another prefix below ours) are no stored image of this shop.
          if (name && !name.includes('/')) yield name;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close() {
      client.destroy();
    },
  };
}

/** The image pipeline writing to a bucket (STORAGE_URL). */
export function s3ImageStore(location: StorageLocation, client?: S3Client): ImageStore & { files: S3ImageFiles } {
  const files = s3ImageFiles(location, client);
  return { ...imageStoreOn(files), files };
}
