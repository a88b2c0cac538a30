import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: it checks every request's signature against it. */
export const S3RVER_CREDENTIALS = 'S3RVER:S3RVER';

/**
 * A local S3-compatible server (s3rver) on an ephemeral port, keeping its objects in a temp folder:
 * stopped and started again on the same port, it still has them (a bucket that was down for a while).
 */
export async function startS3Server(buckets: string[]) {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const options = { address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) };
  let server = new S3rver({ ...options, port: 0 });
  const { port } = await server.run();
  let running = true;
  return {
    port,
    /** `s3://S3RVER:S3RVER@127.0.0.1:{port}/{path}?tls=false`: STORAGE_URL for this server. */
    storageUrl: (bucketAndPrefix: string, credentials = S3RVER_CREDENTIALS) => `s3://${credentials}@127.0.0.1:${port}/${bucketAndPrefix}?tls=false`,
    async stop() {
      if (!running) return;
      running = false;
      await server.close();
    },
    async start() {
      if (running) return;
      server = new S3rver({ ...options, port });
      await server.run();
      running = true;
    },
    async dispose() {
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A local port nothing listens on (taken and released): a bucket server that is down. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
