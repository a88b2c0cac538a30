import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Resolves a URL path inside root, or undefined when it would escape it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : undefined;
}

/** Streams a regular file with its type and caching, or returns undefined when there is none. */
export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch {
    return undefined;
  }
  if (!info.isFile()) return undefined;
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': cacheControl,
    'Last-Modified': info.mtime.toUTCString(),
  });
  const since = c.req.header('if-modified-since');
  if (since && Math.floor(info.mtimeMs / 1000) <= Math.floor(Date.parse(since) / 1000)) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
