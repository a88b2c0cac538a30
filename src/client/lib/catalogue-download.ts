import type { CopyMeta } from './catalogue-copy-db';
import type { DownloadReply, DownloadRequest } from './catalogue-download.worker';

/**
 * The whole catalogue fetched and read in a worker (catalogue-download.worker.ts): resolves to its
 * version and a `write` that puts it into IndexedDB, also in the worker. Null where the browser runs
 * no module workers (the caller then downloads on the page, as before). Rejects when the download
 * fails (no connection, the server's error).
 */
export async function downloadInWorker(): Promise<{ version: string; write(meta: CopyMeta): Promise<void> } | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./catalogue-download.worker.ts', import.meta.url), { type: 'module', name: 'catalogue-download' });
  } catch {
    return null;
  }
  const ask = (request: DownloadRequest) =>
    new Promise<DownloadReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<DownloadReply>) => resolve(event.data);
      worker.onerror = () => reject(new Error('The catalogue download stopped.'));
      worker.postMessage(request);
    });
  const done = () => worker.terminate();
  try {
    const fetched = await ask({ type: 'fetch' });
    if (fetched.type !== 'fetched') throw new Error(`The catalogue download failed (${fetched.type === 'failed' ? fetched.status : '?'}).`);
    return {
      version: fetched.version,
      write: async (meta) => {
        try {
          const written = await ask({ type: 'write', meta });
          if (written.type !== 'written') throw new Error('The catalogue copy was not written.');
        } finally {
          done();
        }
      },
    };
  } catch (error) {
    done();
    throw error;
  }
}
