import type { CatalogueChanges } from '@/shared/catalogue';
import { type CopyMeta, FULL_DOWNLOAD_TIMEOUT_MS, writeChanges } from './catalogue-copy-db';

/*
 * The first download of the whole catalogue, off the page's thread (catalogue-download.ts starts
 * it): reading megabytes of JSON into objects and writing thousands of products into IndexedDB is
 * some hundreds of milliseconds of a slow phone's time, which on the page would hold up taps. Two
 * steps, so the page keeps its one-at-a-time order of IndexedDB work for the write only:
 * 'fetch' downloads and reads the answer and says its version; 'write' writes it with the page's meta.
 */

export type DownloadRequest = { type: 'fetch' } | { type: 'write'; meta: CopyMeta };
export type DownloadReply = { type: 'fetched'; version: string } | { type: 'written' } | { type: 'failed'; status: number };

/** The worker's own scope (the app's types are the page's: only what is used here). */
declare const self: { onmessage: ((event: MessageEvent<DownloadRequest>) => void) | null; postMessage(message: DownloadReply): void };

let fetched: CatalogueChanges | null = null;

async function answer(request: DownloadRequest): Promise<DownloadReply> {
  if (request.type === 'fetch') {
    const response = await fetch('/api/catalogueChanges', { signal: AbortSignal.timeout(FULL_DOWNLOAD_TIMEOUT_MS), credentials: 'omit' });
    if (!response.ok) return { type: 'failed', status: response.status };
    fetched = (await response.json()) as CatalogueChanges;
    return { type: 'fetched', version: fetched.version };
  }
  if (!fetched) return { type: 'failed', status: 0 };
  await writeChanges(fetched, request.meta);
  fetched = null;
  return { type: 'written' };
}

self.onmessage = (event: MessageEvent<DownloadRequest>) => {
  answer(event.data).then(
    (reply) => self.postMessage(reply),
    () => self.postMessage({ type: 'failed', status: 0 } satisfies DownloadReply),
  );
};
