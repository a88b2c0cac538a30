import type { ServerEnv } from './config';
import { diskImageStore, type ImageStore } from './services/catalogue/images';
import { describeLocation, parseStorageUrl } from './storage-url';

export interface ImageStorage {
  store: ImageStore;
  /** The banner's line: where images are kept and where shoppers fetch them. */
  line: string;
  /**
   * With STORAGE_URL: whether the bucket answers (HeadBucket): what is wrong when it does not,
   * undefined when all is well (or for the local folder, which is made on first use).
   */
  problem(): Promise<string | undefined>;
  /** The same as the start's warning, with what it means for the shop. */
  startWarning(): Promise<string | undefined>;
  /** Lets a CLI exit: closes the bucket client's idle connections. */
  close(): void;
}

/**
 * The image store the environment configures: STORAGE_URL's bucket, else the uploads folder. The S3
 * client is loaded only for a bucket (it adds about 165 ms and 25 MB to a start).
 */
export async function imageStorageFromEnv(env: Pick<ServerEnv, 'STORAGE_URL' | 'STORAGE_PUBLIC_URL'>, uploadsDir: string): Promise<ImageStorage> {
  const served = env.STORAGE_PUBLIC_URL ? `served from ${env.STORAGE_PUBLIC_URL}` : 'served at /uploads by this server';
  if (!env.STORAGE_URL) {
    const none = async () => undefined;
    return { store: diskImageStore(uploadsDir), line: `  Images: ${uploadsDir}, ${served}`, problem: none, startWarning: none, close: () => undefined };
  }
  const location = parseStorageUrl(env.STORAGE_URL);
  const { s3ImageStore } = await import('./services/catalogue/s3-images');
  const store = s3ImageStore(location);
  const where = describeLocation(location);
  const problem = async () => {
    try {
      await store.files.checkBucket();
      return undefined;
    } catch (error) {
      return `STORAGE_URL: the bucket ${where} does not answer (${reasonOf(error)})`;
    }
  };
  return {
    store,
    line: `  Images: bucket ${where}, ${served}`,
    problem,
    async startWarning() {
      const found = await problem();
      const serving = env.STORAGE_PUBLIC_URL ? '' : ' and /uploads answers 503';
      return found && `${found}: image uploads fail with "Could not save the image"${serving} until it does.`;
    },
    close: () => store.files.close(),
  };
}

/** The SDK's error in a few words: a missing bucket and refused credentials answer HEAD with a bare status. */
export function reasonOf(error: unknown): string {
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'no such bucket (404)';
  if (status === 403) return 'access denied (403): check the access key, the secret and the bucket policy';
  if (status === 301 || status === 400) return `the bucket is in another region, or not this server's (${status})`;
  if (code ?? name) return `${code ?? name}${message && message !== name ? `: ${message}` : ''}`;
  return message || String(error);
}
