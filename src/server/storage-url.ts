/**
 * `STORAGE_URL`: where uploaded images go when not in DATA_DIR/uploads, an S3-compatible bucket.
 *
 *   s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET[/PREFIX][?region=REGION&tls=false&pathStyle=false]
 *
 * - HOST[:PORT] is the S3 API's address: MinIO, Garage, Ceph, Cloudflare R2, Backblaze B2, AWS
 *   (`s3.eu-west-1.amazonaws.com`). HTTPS unless `tls=false` (a server on the same private network).
 * - Path-style requests (`HOST/BUCKET/KEY`) unless `pathStyle=false`: what MinIO and most
 *   S3-compatible servers take; AWS takes both, and virtual-host style (`BUCKET.HOST/KEY`) with
 *   `pathStyle=false`.
 * - Without `ACCESS_KEY:SECRET` the AWS SDK's usual sources apply (AWS_ACCESS_KEY_ID and
 *   AWS_SECRET_ACCESS_KEY, a profile, an instance role). Percent-encode `:`, `@` and `/` in either.
 * - `region` defaults to `us-east-1` (what MinIO expects unless told otherwise); AWS needs the bucket's.
 * - PREFIX puts the files under `PREFIX/` in the bucket (one bucket for several shops or purposes).
 *
 * No SDK here: config.ts checks the value at start-up without loading the S3 client.
 */
export interface StorageLocation {
  /** `https://host:port` (`http://` with `tls=false`). */
  endpoint: string;
  region: string;
  bucket: string;
  /** '' or `a/b` (no slash at either end): object keys are `{prefix}/{name}`. */
  prefix: string;
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's default credential sources. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3's bucket naming rules (3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const OPTIONS = new Set(['region', 'tls', 'pathStyle']);
const YES_NO: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** The bucket's address, or an Error whose message says what is wrong (never the secret). */
export function parseStorageUrl(value: string): StorageLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be a URL such as s3://ACCESS_KEY:SECRET@minio.example.com:9000/bucket');
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3:// (s3://ACCESS_KEY:SECRET@host:port/bucket)');
  if (!url.hostname) throw new Error("must name the S3 API's host: s3://ACCESS_KEY:SECRET@host:port/bucket");
  const [bucket = '', ...rest] = url.pathname.split('/').filter(Boolean);
  if (!BUCKET_NAME.test(bucket)) throw new Error('must name a bucket after the host (3 to 63 lower-case letters, digits, dots or hyphens)');
  for (const key of url.searchParams.keys()) {
    if (!OPTIONS.has(key)) throw new Error(`knows no option ${key} (only region, tls and pathStyle)`);
  }
  const flag = (name: string, fallback: boolean) => {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    const parsed = YES_NO[raw];
    if (parsed === undefined) throw new Error(`${name} must be true or false`);
    return parsed;
  };
  const tls = flag('tls', true);
  const forcePathStyle = flag('pathStyle', true);
  if ((url.username === '') !== (url.password === '')) throw new Error('must give both the access key and the secret (ACCESS_KEY:SECRET@), or neither');
  let credentials: StorageLocation['credentials'];
  try {
    credentials = url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : undefined;
  } catch {
    throw new Error('has a badly percent-encoded access key or secret');
  }
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    prefix: rest.join('/'),
    forcePathStyle,
    credentials,
  };
}

/** The bucket for people (logs, the banner): never the credentials. */
export function describeLocation(location: StorageLocation): string {
  return `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''} at ${location.endpoint}`;
}

/**
 * `STORAGE_PUBLIC_URL`: the public address of the images (a CDN, or the bucket's own public address),
 * without a trailing slash; `{STORAGE_PUBLIC_URL}/{key}-640.webp` must answer with the stored file.
 */
export function parsePublicImageUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be a URL such as https://cdn.example.com/shop');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('must be an http:// or https:// URL');
  if (url.search || url.hash || value.includes('?') || value.includes('#')) throw new Error('must have no ?query or #fragment: image names are added after it');
  if (url.username || url.password) throw new Error('must not carry credentials: every shopper sees it');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
